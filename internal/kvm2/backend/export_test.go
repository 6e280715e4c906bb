package backend

// ReadMethods lets the external tests see which methods TrackBackend does not count as writes.
var ReadMethods = readMethods
