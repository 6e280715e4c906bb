// Package definition renders and parses everything the kvm2 core stores on a host: the domain
// definition (through libvirtxml structs, never string templates), storage volume definitions,
// the metadata element that marks a domain as ours, and the NoCloud seed ISO. Every read of a
// domain or volume definition (mark, disks and their owners, backing chains) happens here too,
// once per operation. Nothing here talks to a host, so every rule about what we send to
// libvirt and how we read it back is testable without one.
package definition
