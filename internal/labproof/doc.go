// Package labproof proves that the local lab host is real: its tests (build
// tag "lab") reach libvirt over SSH with known_hosts verification, boot a TCG
// guest from the lab's tiny image with a NoCloud seed, and see the guest agent
// report an IPv4 address and the seed's hostname. Run them with
//
//	source .lab/env && go test -tags lab -count=1 ./internal/labproof/
package labproof
