package kvm2

import (
	"context"
	"fmt"
	"sort"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// remove deletes a cached image, then its marker. An interrupted remove leaves a marker without
// its image, which no reader takes for a verified image and which a retry (or the next ensure)
// finishes. It refuses while any domain on the host runs on the image. Whatever is already gone
// counts as removed, and a volume without a marker is not the cache's to delete.
func (ic *imageCache) remove(ctx context.Context, pool backend.Pool, ref baseRef) error {
	unlock, err := ic.locks.lock(ctx, ref.ID())
	if err != nil {
		return kvmerr.New(kvmerr.Transient, opDeleteImage, ref.Host,
			fmt.Errorf("waiting for another operation on base image %s: %w", ref.ID(), err))
	}
	defer unlock()
	err = onPooled(ctx, pool, ref.Host, func(b backend.Backend) error { return ic.removeOn(ctx, b, ref) })
	return kvmerr.Wrap(opDeleteImage, ref.Host, err)
}

// removeOn is remove's work on a held connection.
func (ic *imageCache) removeOn(ctx context.Context, b backend.Backend, ref baseRef) error {
	p, err := b.StoragePoolLookupByName(ctx, ref.Pool)
	if kvmerr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	entry, err := ic.inspect(ctx, b, p, ref)
	if err != nil || entry.marker == nil {
		return err
	}
	if entry.base != nil {
		users, err := baseUsers(ctx, b, p, *entry.base, ref)
		if err != nil {
			return err
		}
		if len(users) > 0 {
			return kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
				"base image %s is still the backing file of %s; delete those first", ref.ID(), strings.Join(users, ", ")))
		}
	}
	return deleteVolumes(ctx, b, p, ref.Name, ref.marker())
}

// baseUsers names what still depends on the image: domains whose disks (or their backing
// chains) are the image or an overlay of it, and overlays in the image's pool that no domain
// uses. Overlays in other pools are seen only through the backing chains libvirt reports for
// running domains.
func baseUsers(ctx context.Context, b backend.Backend, p libvirt.StoragePool, base libvirt.StorageVol, ref baseRef) ([]string, error) {
	baseXML, err := b.StorageVolGetXMLDesc(ctx, base)
	if err != nil {
		return nil, err
	}
	facts, err := parseVolumeFacts(baseXML)
	if err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	overlays, err := overlaysOf(ctx, b, p, facts.path, ref)
	if err != nil {
		return nil, err
	}
	uses := map[string]bool{facts.path: true, volumeKey(ref.Pool, ref.Name): true}
	for path, name := range overlays {
		uses[path], uses[volumeKey(ref.Pool, name)] = true, true
	}
	domains, claimed, err := domainsUsing(ctx, b, uses)
	if err != nil {
		return nil, err
	}
	users := make([]string, 0, len(domains)+len(overlays))
	for _, d := range domains {
		users = append(users, "domain "+d)
	}
	var orphans []string
	for path, name := range overlays {
		if !claimed[path] && !claimed[volumeKey(ref.Pool, name)] {
			orphans = append(orphans, "volume "+name)
		}
	}
	sort.Strings(orphans)
	return append(users, orphans...), nil
}

// volumeKey identifies a volume referenced by pool and name in a domain disk.
func volumeKey(pool, name string) string { return "volume:" + pool + "/" + name }

// overlaysOf maps the path of every volume in p whose backing file is basePath to its name.
func overlaysOf(ctx context.Context, b backend.Backend, p libvirt.StoragePool, basePath string, ref baseRef) (map[string]string, error) {
	vols, err := b.StoragePoolListAllVolumes(ctx, p)
	if err != nil {
		return nil, err
	}
	overlays := map[string]string{}
	for _, v := range vols {
		if v.Name == ref.Name || v.Name == ref.marker() {
			continue
		}
		xml, err := b.StorageVolGetXMLDesc(ctx, v)
		if kvmerr.IsNotFound(err) {
			continue // deleted while we looked
		}
		if err != nil {
			return nil, err
		}
		facts, err := parseVolumeFacts(xml)
		if err != nil {
			return nil, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
		}
		if facts.backing == basePath && facts.path != "" {
			overlays[facts.path] = v.Name
		}
	}
	return overlays, nil
}

// domainsUsing returns the sorted names of domains with a disk in uses (by file path or
// pool/volume key, anywhere in the disk's backing chain), and which of uses they claimed.
func domainsUsing(ctx context.Context, b backend.Backend, uses map[string]bool) ([]string, map[string]bool, error) {
	doms, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	claimed := map[string]bool{}
	var names []string
	for _, d := range doms {
		xml, err := b.DomainGetXMLDesc(ctx, d, 0)
		if kvmerr.IsNotFound(err) {
			continue // undefined while we looked
		}
		if err != nil {
			return nil, nil, err
		}
		refs, err := diskReferences(xml)
		if err != nil {
			// A domain we cannot read might use the image; refusing is the safe answer.
			return nil, nil, kvmerr.New(kvmerr.Permanent, "", b.Host(), fmt.Errorf("domain %s: %w", d.Name, err))
		}
		using := false
		for _, r := range refs {
			if uses[r] {
				claimed[r], using = true, true
			}
		}
		if using {
			names = append(names, d.Name)
		}
	}
	sort.Strings(names)
	return names, claimed, nil
}

// diskReferences lists every file path and pool/volume key of a domain's disks, including
// the backing chains libvirt reports for running domains.
func diskReferences(domXML string) ([]string, error) {
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(domXML); err != nil {
		return nil, fmt.Errorf("parse domain XML: %w", err)
	}
	if dom.Devices == nil {
		return nil, nil
	}
	var refs []string
	for _, disk := range dom.Devices.Disks {
		refs = appendSourceRefs(refs, disk.Source)
		for bs := disk.BackingStore; bs != nil; bs = bs.BackingStore {
			refs = appendSourceRefs(refs, bs.Source)
		}
	}
	return refs, nil
}

// appendSourceRefs appends the reference a disk source makes, if it is a file or a volume.
func appendSourceRefs(refs []string, s *libvirtxml.DomainDiskSource) []string {
	switch {
	case s == nil:
	case s.File != nil && s.File.File != "":
		refs = append(refs, s.File.File)
	case s.Volume != nil:
		refs = append(refs, volumeKey(s.Volume.Pool, s.Volume.Volume))
	}
	return refs
}
