package rules

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// A lease is how processes that share a host (two terraform runs, parallel CI jobs) take turns
// where their in-process locks cannot reach: an empty volume in a pool whose name says what it
// leases, who holds it and until when:
//
//	.kvm2-lease-<subject>.<owner>.<unix seconds>
//
// The name starts with MarkerInfix's namespace with nothing before it, so no base image (a
// letter or digit first, no ".kvm2-"), no marker of one (its image's name before ".kvm2-") and
// no VM's volume (a DNS label first) can take it, and an earlier version's cache never reads it as
// a marker of an image. hostops owns the protocol; these are its names.
const (
	LeasePrefix = MarkerInfix + "lease-"
	// LeaseTTL is how long a lease stands without renewal: a holder renews it every third of
	// it, so a process killed while holding one blocks the others at most LeaseTTL+LeaseSkew.
	LeaseTTL = time.Minute
	// LeaseSkew is the clock difference between machines a lease allows: others take a lease
	// over only LeaseSkew after its expiry, and its holder stops acting LeaseSkew before it.
	LeaseSkew = 10 * time.Second
	// maxLeaseOwner bounds an owner id, so that a lease of the longest base image name fits in
	// MaxVolumeName.
	maxLeaseOwner = 40
)

// ImageLeaseSubject is the subject of the lease on base image name (held while it is deleted).
func ImageLeaseSubject(name string) string { return "image-" + name }

// LeaseName is the name of the lease on subject that owner holds until until.
func LeaseName(subject, owner string, until time.Time) string {
	return LeasePrefix + subject + "." + owner + "." + strconv.FormatInt(until.Unix(), 10)
}

// ParseLeaseName reads a lease on subject from a volume's name: its owner and expiry. ok is
// false for any other name, a lease on another subject included.
func ParseLeaseName(name, subject string) (owner string, until time.Time, ok bool) {
	rest, found := strings.CutPrefix(name, LeasePrefix+subject+".")
	if !found {
		return "", time.Time{}, false
	}
	owner, secs, found := strings.Cut(rest, ".")
	if !found || !validLeaseOwner(owner) {
		return "", time.Time{}, false
	}
	n, err := strconv.ParseInt(secs, 10, 64)
	if err != nil || n <= 0 || strconv.FormatInt(n, 10) != secs {
		return "", time.Time{}, false
	}
	return owner, time.Unix(n, 0), true
}

// validLeaseOwner: 1 to maxLeaseOwner of [a-z0-9-].
func validLeaseOwner(s string) bool {
	if s == "" || len(s) > maxLeaseOwner {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// NewLeaseOwner is an owner id for this process: the machine's name (what an operator looks for),
// the process id and 6 random hex digits (two processes never share one).
func NewLeaseOwner() (string, error) {
	var rnd [3]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return "", fmt.Errorf("lease owner id: %w", err)
	}
	host, _ := os.Hostname()
	var b strings.Builder
	for _, r := range strings.ToLower(host) {
		if b.Len() >= 24 {
			break
		}
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '-' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		b.WriteString("host")
	}
	return fmt.Sprintf("%s-%d-%s", b.String(), os.Getpid()%10_000_000, hex.EncodeToString(rnd[:])), nil
}
