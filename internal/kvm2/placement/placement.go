// Package placement is the placement rule of provider::kvm2::place and place_group: which host
// a VM name goes to. It is pure and deterministic (no clock, no randomness, no map order, no
// per-process seed), so the same inputs give the same host on every plan and every machine. It
// is a leaf: it imports only the host name rule of package rules.
//
// Each name goes to the host of highest weighted rendezvous score (highest random weight
// hashing): score(host, name) = -weight / ln(h), h a uniform number in (0, 1) drawn from
// SHA-256 of the host's and the name's bytes. A host then takes weight/Σweight of the names,
// and a name's host changes only when its host leaves or a host joins that outscores it: adding
// one host of N+1 moves about 1/(N+1) of the names, all to the new host; removing one moves
// exactly the names it held.
package placement

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Host is one host a name may be placed on.
type Host struct {
	Name string // a host key of the provider block (rules.ValidateHostName)
	// Zone is the host's failure domain for PlaceGroup; empty is none. Place does not read it.
	Zone string
	// Weight is the host's share relative to the others: a host of weight 2 takes twice the
	// names of a host of weight 1. It must be finite and above zero (DefaultWeight when unset).
	Weight float64
}

// DefaultWeight is a host's weight when none is given.
const DefaultWeight = 1.0

// What the rules accept, in words, for function descriptions and errors.
const (
	NameRule   = "a non-empty string"
	WeightRule = "a finite number above zero"
	ZoneRule   = "every host has a zone, or none has (then each host is its own zone)"
)

// ValidateName accepts a name to place.
func ValidateName(name string) error {
	if name == "" {
		return errors.New("the name to place is empty: give the VM's name (for example each.key)")
	}
	return nil
}

// ValidateNames accepts the names of a group: each a valid name, none twice.
func ValidateNames(names []string) error {
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if err := ValidateName(n); err != nil {
			return fmt.Errorf("name %d: %w", i, err)
		}
		if j, ok := seen[n]; ok {
			return fmt.Errorf("name %q is given twice (at %d and %d): each replica of a group needs a name of its own", n, j, i)
		}
		seen[n] = i
	}
	return nil
}

// ValidateWeight accepts a host's weight.
func ValidateWeight(host string, w float64) error {
	if math.IsNaN(w) || math.IsInf(w, 0) || w <= 0 {
		return fmt.Errorf("host %q has weight %v; a weight is %s (1 when omitted)", host, w, WeightRule)
	}
	return nil
}

// ValidateHosts accepts the hosts to place on: at least one, each with a valid host name given
// once and a valid weight.
func ValidateHosts(hosts []Host) error {
	if len(hosts) == 0 {
		return errors.New("no hosts to place on: give at least one host (the host keys of the provider block)")
	}
	seen := make(map[string]bool, len(hosts))
	for _, h := range hosts {
		if err := rules.ValidateHostName(h.Name); err != nil {
			return err
		}
		if seen[h.Name] {
			return fmt.Errorf("host %q is given twice: give each host once", h.Name)
		}
		seen[h.Name] = true
		if err := ValidateWeight(h.Name, h.Weight); err != nil {
			return err
		}
	}
	return nil
}

// ValidateZones accepts the hosts' zones for PlaceGroup: all set or none set. A host without a
// zone beside hosts with one would be in an unknown zone, and the spread would not mean what
// the zones say.
func ValidateZones(hosts []Host) error {
	var with, without []string
	for _, h := range hosts {
		if h.Zone == "" {
			without = append(without, h.Name)
		} else {
			with = append(with, h.Name)
		}
	}
	if len(with) > 0 && len(without) > 0 {
		sort.Strings(with)
		sort.Strings(without)
		return fmt.Errorf("the zone of %s is unknown: it has none, while %s has one; give every host a zone, or none (then each host is its own zone)",
			strings.Join(without, ", "), strings.Join(with, ", "))
	}
	return nil
}

// Place returns the host of name: the host of highest weighted rendezvous score. Zones are not
// read. The order of hosts does not matter.
func Place(name string, hosts []Host) (string, error) {
	if err := ValidateName(name); err != nil {
		return "", err
	}
	if err := ValidateHosts(hosts); err != nil {
		return "", err
	}
	return best(name, hosts), nil
}

// best is the host of highest score for name; a tie (two equal 64-bit hashes) goes to the
// smaller host name, so the order of hosts never decides.
func best(name string, hosts []Host) string {
	top, topScore := "", math.Inf(-1)
	for _, h := range hosts {
		s := Score(h.Name, h.Weight, name)
		if s > topScore || (s == topScore && h.Name < top) {
			top, topScore = h.Name, s
		}
	}
	return top
}

// Score is the weighted rendezvous score of host for name: -weight / ln(h), h the uniform hash
// of both in (0, 1). Of hosts racing for a name, each wins with probability weight/Σweight.
func Score(host string, weight float64, name string) float64 {
	return -weight / math.Log(unit("kvm2/place/v1", host, name))
}

// unit maps its parts to a number uniform in (0, 1), never 0 or 1: SHA-256 of the parts, each
// preceded by its length (so no two lists of parts give the same bytes), its first 53 bits as
// a fraction, plus half a step.
func unit(parts ...string) float64 {
	d := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		d.Write(n[:])
		d.Write([]byte(p))
	}
	x := binary.BigEndian.Uint64(d.Sum(nil)[:8]) >> 11
	return (float64(x) + 0.5) / (1 << 53)
}
