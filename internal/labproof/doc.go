// Package labproof proves that the local lab hosts are real: its tests (build
// tag "lab") reach libvirt over SSH with known_hosts verification, boot a TCG
// guest from the lab's tiny image with a NoCloud seed, and see the guest agent
// report an IPv4 address and the seed's hostname. On host 2 they show its sshd
// refuses forwarding while stock virsh and exec channels (virt-ssh-helper,
// nc -U) reach its own daemon, and that nothing made on one host is seen on
// the other. Run them with
//
//	source .lab/env && go test -tags lab -count=1 ./internal/labproof/
package labproof
