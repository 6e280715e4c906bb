package imagecache

// BaseImageRequest asks for a verified, cached base volume on one host.
type BaseImageRequest struct {
	Host      string
	Pool      string // default: the host's pool
	Name      string // volume name in the pool
	SourceURL string
	SHA256    string // optional expected hex digest; verified while streaming
	Format    string // "qcow2" (default) or "raw"
}

// BaseImage is a cached base volume.
type BaseImage struct {
	ID        string // host/pool/name
	Host      string
	Pool      string
	Name      string
	Path      string
	Format    string
	SizeBytes uint64
	SHA256    string // observed digest of what was uploaded
	SourceURL string
}
