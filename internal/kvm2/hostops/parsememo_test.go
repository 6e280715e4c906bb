package hostops

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// size is how many domains m remembers.
func (m *DefinitionMemo) size() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.doms)
}

// parsedOf has m record, by name, the domains whose definitions it parses.
func parsedOf(m *DefinitionMemo) func() []string {
	var mu sync.Mutex
	var names []string
	m.parse = func(x string) definition.ParsedDomain {
		p := definition.ParseDomainAndChains(x)
		mu.Lock()
		defer mu.Unlock()
		names = append(names, p.Facts.Name)
		return p
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		out := names
		names = nil
		return out
	}
}

// memoHost is a host with one overlay and three domains: ours on the overlay, and two others
// on disks of their own.
func memoHost() (*fake.Backend, string) {
	b := fake.New("lab")
	overlay := b.AddVolume(fake.DefaultPool, fake.Volume{Name: "ours.qcow2", Format: "qcow2"})
	b.AddVolume(fake.DefaultPool, fake.Volume{Name: "other.img", Format: "raw"})
	b.AddDomain(fake.Domain{Name: "ours", XML: domXML("ours", disk("qcow2", overlay))})
	b.AddDomain(fake.Domain{Name: "rescue", XML: domXML("rescue", disk("raw", fake.DefaultPoolPath+"/other.img"))})
	b.AddDomain(fake.Domain{Name: "bystander", XML: domXML("bystander", disk("raw", fake.DefaultPoolPath+"/other.img"))})
	return b, overlay
}

// usersOf reads the host with m and names the users of path, each with its reason if unsure.
func usersOf(t *testing.T, b *fake.Backend, m *DefinitionMemo, path string) map[string]string {
	t.Helper()
	return usersWith(t, b, m, nil, path)
}

// usersWith is usersOf with the definitions reuse keeps (either may be nil).
func usersWith(t *testing.T, b *fake.Backend, m *DefinitionMemo, reuse *DefinitionReuse, path string) map[string]string {
	t.Helper()
	ctx := context.Background()
	x, err := ReadDiskIndexWith(ctx, b, nil, m, nil, reuse)
	if err != nil {
		t.Fatal(err)
	}
	users, err := x.Users(ctx, b, []string{path}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range users[path] {
		got[u.Name] = u.Unsure
	}
	return got
}

// TestDefinitionMemo_aDiskAttachedBetweenReadsIsSeen: a domain that attaches our overlay between
// two reads is a user of it in the second, though the memo holds the parse of its earlier
// definition; only that definition is parsed again.
func TestDefinitionMemo_aDiskAttachedBetweenReadsIsSeen(t *testing.T) {
	b, overlay := memoHost()
	m := NewDefinitionMemo()
	parsed := parsedOf(m)
	if got := usersOf(t, b, m, overlay); len(got) != 1 || got["ours"] != "" {
		t.Fatalf("users %v, want ours alone", got)
	}
	parsed()
	b.UpdateDomain("rescue", func(d *fake.Domain) {
		d.XML = domXML("rescue", disk("raw", fake.DefaultPoolPath+"/other.img"), disk("qcow2", overlay))
	})
	got := usersOf(t, b, m, overlay)
	if _, ok := got["rescue"]; !ok || got["rescue"] != "" || len(got) != 2 {
		t.Fatalf("users after the attach %v, want ours and rescue, both sure", got)
	}
	if p := parsed(); len(p) != 1 || p[0] != "rescue" {
		t.Fatalf("the second read parsed %v, want rescue alone (its definition changed)", p)
	}
}

// TestDefinitionMemo_anUnchangedDomainIsNotParsedAgain: the first read parses every definition,
// the reads after it none while nothing changes, and find the same users.
func TestDefinitionMemo_anUnchangedDomainIsNotParsedAgain(t *testing.T) {
	b, overlay := memoHost()
	m := NewDefinitionMemo()
	parsed := parsedOf(m)
	usersOf(t, b, m, overlay)
	if p := parsed(); len(p) != 3 {
		t.Fatalf("the first read parsed %v, want the 3 domains", p)
	}
	for range 3 {
		b.ResetCalls()
		if got := usersOf(t, b, m, overlay); len(got) != 1 || got["ours"] != "" {
			t.Fatalf("users %v, want ours alone", got)
		}
		if n := b.Count("DomainGetXMLDesc"); n != 3 {
			t.Fatalf("a read asked the host for %d definitions, want all 3 (the memo keeps parses, not definitions)", n)
		}
		if p := parsed(); len(p) != 0 {
			t.Fatalf("a later read parsed %v again, want none", p)
		}
	}
	if n := m.Parses(); n != 3 {
		t.Fatalf("Parses() = %d, want 3", n)
	}
}

// TestDefinitionMemo_aDomainGoneFromTheHostLeavesTheMemo: a read forgets the domains its listing
// no longer finds, and a domain defined again under the same name is parsed anew.
func TestDefinitionMemo_aDomainGoneFromTheHostLeavesTheMemo(t *testing.T) {
	b, overlay := memoHost()
	m := NewDefinitionMemo()
	parsed := parsedOf(m)
	usersOf(t, b, m, overlay)
	parsed()
	b.RemoveDomain("bystander")
	usersOf(t, b, m, overlay)
	if n := m.size(); n != 2 {
		t.Fatalf("the memo holds %d domains after one of 3 left the host, want 2", n)
	}
	b.AddDomain(fake.Domain{Name: "bystander", XML: domXML("bystander", disk("raw", fake.DefaultPoolPath+"/other.img"))})
	usersOf(t, b, m, overlay)
	if p := parsed(); len(p) != 1 || p[0] != "bystander" {
		t.Fatalf("reads parsed %v, want the domain defined again alone", p)
	}
	if n := m.size(); n != 3 {
		t.Fatalf("the memo holds %d domains, want 3", n)
	}
}

// TestDefinitionMemo_anUnparsableDefinitionStaysUnsure: a definition that does not parse counts
// as a possible user of every path on every read, the ones that take it from the memo included;
// so does one whose chains parse but whose facts do not (a damaged mark), as without the memo.
func TestDefinitionMemo_anUnparsableDefinitionStaysUnsure(t *testing.T) {
	b, overlay := memoHost()
	b.AddDomain(fake.Domain{Name: "unparsable", XML: "<domain><name>unparsable</name><devices><disk"})
	b.AddDomain(fake.Domain{Name: "damaged", XML: "<domain><name>damaged</name><metadata><kvm2:instance xmlns:kvm2='" +
		definition.MarkNamespace + "'><kvm2:uid>u</kvm2:uid><kvm2:disk-gib>big</kvm2:disk-gib></kvm2:instance></metadata></domain>"})
	want := usersOf(t, b, nil, overlay)
	for _, name := range []string{"unparsable", "damaged"} {
		if !strings.Contains(want[name], "does not parse") {
			t.Fatalf("without a memo: %s counted %q, want a possible user whose definition does not parse", name, want[name])
		}
	}
	m := NewDefinitionMemo()
	parsed := parsedOf(m)
	for i := range 3 {
		got := usersOf(t, b, m, overlay)
		if len(got) != len(want) {
			t.Fatalf("read %d: users %v, want %v", i, got, want)
		}
		for name, why := range want {
			if got[name] != why {
				t.Fatalf("read %d: %s counted %q, want %q", i, name, got[name], why)
			}
		}
		if p := parsed(); i > 0 && len(p) != 0 {
			t.Fatalf("read %d parsed %v again", i, p)
		}
	}
}

// TestDefinitionMemo_readsAtOnceShareIt: reads of one host that run at the same time (a delete
// whose shared read failed reads by itself) share the memo safely and find the same users.
func TestDefinitionMemo_readsAtOnceShareIt(t *testing.T) {
	b, overlay := memoHost()
	m := NewDefinitionMemo()
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 8 {
		wg.Go(func() {
			x, err := ReadDiskIndexWith(context.Background(), b, nil, m, nil, nil)
			if err != nil {
				errs <- err.Error()
				return
			}
			users, err := x.Users(context.Background(), b, []string{overlay}, nil)
			if err != nil || len(users[overlay]) != 1 || users[overlay][0].Name != "ours" {
				errs <- fmt.Sprintf("users %v, %v; want ours alone", users[overlay], err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if n := m.size(); n != 3 {
		t.Fatalf("the memo holds %d domains, want 3", n)
	}
}
