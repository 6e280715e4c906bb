// Package build holds the pure builders of the kvm2 core: the domain XML (through libvirtxml
// structs, never string templates), the storage volume XML, the metadata element that marks a
// domain as ours, and the NoCloud seed ISO. Nothing here talks to a host, so every rule about
// what we send to libvirt is testable without one.
package build
