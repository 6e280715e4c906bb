package imagecache

import (
	"fmt"
	"sort"
	"strings"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
)

// ForeignImageError refuses volumes under a base image's name, or in its markers' namespace,
// that the cache cannot prove it wrote. They are never adopted, deleted or downloaded over.
type ForeignImageError struct {
	Host, Pool, Name string   // the base image asked for
	Volumes          []string // the volumes that are not the cache's
	Reason           string   // what the proof lacks
}

func (e *ForeignImageError) Error() string {
	return fmt.Sprintf("base image %s: volume(s) %s in pool %s on host %s %s, so kvm2 did not cache them and leaves them alone: "+
		"give the base image another name, or delete or rename those volumes if they are debris",
		e.Name, strings.Join(e.Volumes, ", "), e.Pool, e.Host, e.Reason)
}

// BaseImageInUseError refuses to delete a base image while domains on the host (running or
// stopped, with their disks in any pool) back onto it, or may: Unsure holds, for each domain
// whose disks kvm2 could not follow to their end, the domain and why.
type BaseImageInUseError struct {
	ID      string
	Domains []string
	Unsure  []string
}

// newInUseError is the refusal for the users hostops.DiskUsers found, sorted by name.
func newInUseError(id string, users []hostops.User) *BaseImageInUseError {
	e := &BaseImageInUseError{ID: id}
	for _, u := range users {
		e.Domains = append(e.Domains, u.Name)
		if u.Unsure != "" {
			e.Unsure = append(e.Unsure, u.String())
		}
	}
	sort.Strings(e.Domains)
	sort.Strings(e.Unsure)
	return e
}

func (e *BaseImageInUseError) Error() string {
	msg := fmt.Sprintf("base image %s is in use: the disks of domain(s) %s back onto it; delete those VMs (or their disks) first",
		e.ID, strings.Join(e.Domains, ", "))
	if len(e.Unsure) > 0 {
		msg += fmt.Sprintf("; kvm2 cannot tell whether %s do, so it counts them as users: %s", strings.Join(e.Unsure, "; "), hostops.UnsureHint)
	}
	return msg
}
