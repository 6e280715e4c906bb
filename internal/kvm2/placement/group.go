package placement

import "sort"

// PlaceGroup places the replicas of one group, zones first: the names, in the order given, each
// take the zone of highest rendezvous score for the name among the zones that hold the fewest
// names of the group so far, then the host of highest weighted score within that zone (Place
// over the zone's hosts). So replicas land in distinct zones while there are at least as many
// zones as names, and beyond that every zone holds as many of the group as any other, give or
// take one. When no host has a zone, each host is its own zone.
//
// A zone's score does not depend on its hosts or weights: every zone takes an equal share of a
// group, weights share a zone's part among its hosts. What moves, and what does not:
//   - adding or removing a host of a zone that stays moves only the names that Place over that
//     zone's hosts moves: about 1/N of the zone's names, none whose host stays;
//   - appending a name (or removing the last) moves no other name: each name's zone depends
//     only on the names before it;
//   - adding or removing a zone, or a name other than the last, may move other names of the
//     group to other zones.
func PlaceGroup(names []string, hosts []Host) (map[string]string, error) {
	if err := ValidateNames(names); err != nil {
		return nil, err
	}
	if err := ValidateHosts(hosts); err != nil {
		return nil, err
	}
	if err := ValidateZones(hosts); err != nil {
		return nil, err
	}
	byZone := map[string][]Host{}
	for _, h := range hosts {
		z := h.Zone
		if z == "" {
			z = h.Name
		}
		byZone[z] = append(byZone[z], h)
	}
	zones := make([]string, 0, len(byZone))
	for z := range byZone {
		zones = append(zones, z)
	}
	sort.Strings(zones) // ties go to the smaller zone name, never to map order
	held := make(map[string]int, len(zones))
	out := make(map[string]string, len(names))
	for _, n := range names {
		z := pickZone(n, zones, held)
		held[z]++
		out[n] = best(n, byZone[z])
	}
	return out, nil
}

// pickZone is the zone of highest score for name among the zones (sorted) holding the fewest.
func pickZone(name string, zones []string, held map[string]int) string {
	least := -1
	for _, z := range zones {
		if least < 0 || held[z] < least {
			least = held[z]
		}
	}
	top, topScore := "", -1.0
	for _, z := range zones {
		if held[z] != least {
			continue
		}
		if s := unit("kvm2/zone/v1", z, name); s > topScore {
			top, topScore = z, s
		}
	}
	return top
}
