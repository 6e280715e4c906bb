package placement

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// zonedHosts are hosts kvm-<zone><i>, perZone[i] hosts in zone i (zones a, b, c...), weight 1.
func zonedHosts(perZone ...int) []Host {
	var hosts []Host
	for z, n := range perZone {
		zone := string(rune('a' + z))
		for i := range n {
			hosts = append(hosts, Host{Name: fmt.Sprintf("kvm-%s%d", zone, i), Zone: zone, Weight: DefaultWeight})
		}
	}
	return hosts
}

// groupNames are the names of replica group g: g-0 ... g-(k-1).
func groupNames(g, k int) []string {
	names := make([]string, k)
	for i := range names {
		names[i] = fmt.Sprintf("grp%d-%d", g, i)
	}
	return names
}

func mustGroup(t *testing.T, names []string, hosts []Host) map[string]string {
	t.Helper()
	got, err := PlaceGroup(names, hosts)
	if err != nil {
		t.Fatalf("PlaceGroup(%v): %v", names, err)
	}
	if len(got) != len(names) {
		t.Fatalf("PlaceGroup placed %d of %d names: %v", len(got), len(names), got)
	}
	return got
}

// zoneOf is the zone of each host.
func zoneOf(hosts []Host) map[string]string {
	z := map[string]string{}
	for _, h := range hosts {
		z[h.Name] = h.Zone
		if h.Zone == "" {
			z[h.Name] = h.Name
		}
	}
	return z
}

// TestPlaceGroup_zoneSpread: the replicas of a group land in distinct zones while there are at
// least as many zones as replicas; beyond that, every zone holds as many as another, give or
// take one. Zones of unequal size take equal shares. Checked over 300 groups each.
func TestPlaceGroup_zoneSpread(t *testing.T) {
	for _, layout := range [][]int{{2, 2, 2}, {3, 1}, {1, 4, 2, 2}, {1, 1, 1, 1, 1}} {
		hosts := zonedHosts(layout...)
		zone := zoneOf(hosts)
		zones := len(layout)
		for k := 1; k <= 2*zones+1; k++ {
			t.Run(fmt.Sprintf("zones %v, %d replicas", layout, k), func(t *testing.T) {
				usedZones := map[string]int{}
				for g := range 300 {
					got := mustGroup(t, groupNames(g, k), hosts)
					held := map[string]int{}
					for _, h := range got {
						held[zone[h]]++
					}
					lo, hi := k, 0
					for z := range zones {
						c := held[string(rune('a'+z))]
						lo, hi = min(lo, c), max(hi, c)
					}
					if hi-lo > 1 {
						t.Fatalf("group %d of %d replicas holds %v per zone, want equal give or take one: %v", g, k, held, got)
					}
					if k <= zones && len(held) != k {
						t.Fatalf("group %d of %d replicas over %d zones shares a zone: %v", g, k, zones, got)
					}
					for z := range held {
						usedZones[z]++
					}
				}
				// Every zone is used by some groups: the first replica's zone is not fixed.
				if len(usedZones) != zones {
					t.Errorf("300 groups of %d used zones %v, want all %d", k, usedZones, zones)
				}
			})
		}
	}
}

// TestPlaceGroup_noZones: without zones, each host is its own zone: replicas on distinct hosts.
func TestPlaceGroup_noZones(t *testing.T) {
	hosts := equalHosts(4)
	for g := range 100 {
		got := mustGroup(t, groupNames(g, 4), hosts)
		if used := slices.Sorted(maps.Values(got)); len(slices.Compact(used)) != 4 {
			t.Fatalf("group %d over 4 hosts without zones: %v, want 4 distinct hosts", g, got)
		}
	}
}

// TestPlaceGroup_movement: removing a host of a zone that stays moves only the names it held,
// each to a host of the same zone; adding one moves names only to it; appending a replica moves
// no other.
func TestPlaceGroup_movement(t *testing.T) {
	hosts := zonedHosts(3, 3, 2)
	var groups [][]string
	for g := range 200 {
		groups = append(groups, groupNames(g, 5))
	}
	before := map[string]string{}
	for _, names := range groups {
		maps.Copy(before, mustGroup(t, names, hosts))
	}
	zone := zoneOf(hosts)

	removed := slices.DeleteFunc(slices.Clone(hosts), func(h Host) bool { return h.Name == "kvm-a1" })
	moved := 0
	for _, names := range groups {
		for n, h := range mustGroup(t, names, removed) {
			switch {
			case before[n] == "kvm-a1":
				moved++
				if zone[h] != "a" {
					t.Errorf("%s left kvm-a1 for %s, outside zone a", n, h)
				}
			case h != before[n]:
				t.Errorf("removing kvm-a1 moved %s from %s, which stays, to %s", n, before[n], h)
			}
		}
	}
	t.Logf("group movement: removing one of zone a's 3 hosts moved %d of %d names, only those it held", moved, len(before))

	added := append(slices.Clone(hosts), Host{Name: "kvm-c9", Zone: "c", Weight: 1})
	moved = 0
	for _, names := range groups {
		for n, h := range mustGroup(t, names, added) {
			if h != before[n] {
				moved++
				if h != "kvm-c9" {
					t.Errorf("adding kvm-c9 moved %s from %s to %s", n, before[n], h)
				}
			}
		}
	}
	t.Logf("group movement: adding a third host to zone c moved %d of %d names, all to it", moved, len(before))

	// A new zone: the groups use it at once (5 replicas over 4 zones: all 4), at the cost of
	// moving more names than the one per group that must move.
	zoned := append(slices.Clone(hosts), Host{Name: "kvm-d0", Zone: "d", Weight: 1})
	zone["kvm-d0"] = "d"
	moved = 0
	for _, names := range groups {
		got := mustGroup(t, names, zoned)
		used := map[string]bool{}
		for n, h := range got {
			used[zone[h]] = true
			if h != before[n] {
				moved++
			}
		}
		if len(used) != 4 {
			t.Errorf("group %v over 4 zones uses zones %v: %v", names, used, got)
		}
	}
	t.Logf("group movement: adding a fourth zone moved %d of %d names (at least one per group must: %d)", moved, len(before), len(groups))

	for g, names := range groups[:50] {
		grown := mustGroup(t, append(slices.Clone(names), fmt.Sprintf("grp%d-new", g)), hosts)
		for _, n := range names {
			if grown[n] != before[n] {
				t.Errorf("appending a replica to group %d moved %s from %s to %s", g, n, before[n], grown[n])
			}
		}
	}
}

// TestPlaceGroup_deterministic: golden placements; the order of hosts does not matter.
func TestPlaceGroup_deterministic(t *testing.T) {
	hosts := zonedHosts(2, 1, 2)
	names := []string{"egress-0", "egress-1", "egress-2", "egress-3"}
	// Zones a (kvm-a0, kvm-a1), b (kvm-b0), c (kvm-c0, kvm-c1): three names in three zones, the
	// fourth in the zone of highest score among all (each then holds one).
	golden := map[string]string{"egress-0": "kvm-c0", "egress-1": "kvm-b0", "egress-2": "kvm-a0", "egress-3": "kvm-c0"}
	got := mustGroup(t, names, hosts)
	if !maps.Equal(got, golden) {
		t.Errorf("PlaceGroup = %v, want %v", got, golden)
	}
	rev := slices.Clone(hosts)
	slices.Reverse(rev)
	if again := mustGroup(t, names, rev); !maps.Equal(again, got) {
		t.Errorf("PlaceGroup over hosts in another order = %v, want %v", again, got)
	}
}

// TestPlaceGroup_badInput: the group's own refusals, plus the host rules of Place.
func TestPlaceGroup_badInput(t *testing.T) {
	for _, tt := range []struct {
		name  string
		names []string
		hosts []Host
		want  string
	}{
		{"empty name", []string{"a", ""}, zonedHosts(1), "name 1: the name to place is empty"},
		{"duplicate name", []string{"a", "b", "a"}, zonedHosts(1), `name "a" is given twice (at 0 and 2)`},
		{"no hosts", []string{"a"}, nil, "no hosts to place on"},
		{"zero weight", []string{"a"}, []Host{{Name: "kvm-a", Weight: 0}}, "has weight 0"},
		{"unknown zone", []string{"a"}, []Host{{Name: "kvm-a", Zone: "a", Weight: 1}, {Name: "kvm-b", Weight: 1}, {Name: "kvm-c", Weight: 1}},
			"the zone of kvm-b, kvm-c is unknown: it has none, while kvm-a has one"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := PlaceGroup(tt.names, tt.hosts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("PlaceGroup = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	// An empty group is no error: nothing to place.
	if got, err := PlaceGroup(nil, zonedHosts(1)); err != nil || len(got) != 0 {
		t.Errorf("PlaceGroup(no names) = %v, %v; want an empty map", got, err)
	}
}
