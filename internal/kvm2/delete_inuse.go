package kvm2

import (
	"context"
	"fmt"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// DiskInUseError refuses to delete a VM while another domain on the host uses one of its disks
// (an administrator's rescue VM that attached the overlay, an overlay made on top of it), or may
// (a domain whose disks kvm2 cannot follow to their end). Nothing of the VM is removed: its
// domain, its disks and its state stay as they were, and the same delete succeeds once the other
// domain lets go of the disk.
type DiskInUseError struct {
	ID      string         // the VM, host/name
	Volumes []string       // pool/volume of the disks the others use
	Users   []hostops.User // the other domains
}

func (e *DiskInUseError) Error() string {
	var sure, unsure []string
	for _, u := range e.Users {
		if u.Unsure == "" {
			sure = append(sure, u.Name)
		} else {
			unsure = append(unsure, u.String())
		}
	}
	msg := fmt.Sprintf("VM %s was not deleted, and nothing of it was removed: its disk(s) %s", e.ID, strings.Join(e.Volumes, ", "))
	if len(sure) > 0 {
		msg += fmt.Sprintf(" are used by domain(s) %s; detach them from those domains (virsh detach-disk, with --config as well for a disk of a running domain's next boot) or delete the domains", strings.Join(sure, ", "))
	}
	if len(unsure) > 0 {
		if len(sure) > 0 {
			msg += "; and"
		}
		msg += fmt.Sprintf(" may be used by %s; %s", strings.Join(unsure, "; "), hostops.UnsureHint)
	}
	return msg + "; then delete the VM again"
}

// refuseShared fails with a Permanent *DiskInUseError when a domain other than dom (the VM's
// own, told by its UUID) uses any of vols (at paths), or may: the one in-use rule,
// hostops.DiskUsers, on a read of the host shared with the deletes running beside this one.
func (c *Client) refuseShared(ctx context.Context, b backend.Backend, host, name string, dom libvirt.Domain, vols []libvirt.StorageVol, paths []string) error {
	if len(vols) == 0 {
		return nil
	}
	x, err := c.disks.Read(ctx, b)
	if err != nil {
		return err
	}
	users, err := x.Users(ctx, b, paths, vols)
	if err != nil {
		return err
	}
	e := &DiskInUseError{ID: rules.FormatID(host, name)}
	for i, p := range paths {
		shared := false
		for _, u := range users[p] {
			if u.UUID == dom.UUID {
				continue
			}
			shared = true
			if !containsName(e.Users, u.Name) {
				e.Users = append(e.Users, u)
			}
		}
		if shared {
			e.Volumes = append(e.Volumes, vols[i].Pool+"/"+vols[i].Name)
		}
	}
	if len(e.Volumes) == 0 {
		return nil
	}
	return kvmerr.New(kvmerr.Permanent, "", host, e)
}

func containsName(us []hostops.User, name string) bool {
	for _, u := range us {
		if u.Name == name {
			return true
		}
	}
	return false
}

// userNames lists the users' names, with why for those kvm2 is unsure of.
func userNames(us []hostops.User) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.String()
	}
	return out
}
