package backend

import (
	"context"
	"io"

	libvirt "github.com/digitalocean/go-libvirt"
)

// readMethods are the Backend methods that change nothing on the host: the reads, Host (no RPC)
// and Close (it ends this client's connection; the core starts no domain that lives only as long
// as its connection). Every other method counts as a write, so a method added to Backend is a
// write until it is listed here.
var readMethods = setOf(
	"Host", "Close",
	"ConnectGetLibVersion", "ConnectGetCapabilities", "ConnectListAllDomains", "ConnectGetAllDomainStats",
	"NodeGetInfo",
	"DomainLookupByName", "DomainGetState", "DomainGetXMLDesc", "DomainIsPersistent",
	"DomainGetAutostart", "DomainGetMetadata", "DomainInterfaceAddresses",
	// The core sends the agent only commands that read a file in the guest (readMethods is about
	// the host's libvirt objects; the guest's files are no part of them).
	"QEMUDomainAgentCommand",
	"ConnectListAllStoragePools", "StoragePoolLookupByName", "StoragePoolIsActive",
	"StoragePoolGetInfo", "StoragePoolGetXMLDesc", "StoragePoolListAllVolumes",
	"StorageVolLookupByName", "StorageVolLookupByPath", "StorageVolGetPath", "StorageVolGetInfo",
	"StorageVolGetXMLDesc", "StorageVolDownload", "StorageVolDownloadRange",
	"NetworkLookupByName", "NetworkIsActive", "NetworkGetXMLDesc", "NetworkGetDHCPLeases", "InterfaceLookupByName",
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// TrackWrites returns p with every Backend it hands out (pooled and dedicated alike) wrapped by
// TrackBackend, so onWrite(host) runs once each write made on any of them has returned.
func TrackWrites(p Pool, onWrite func(host string)) Pool {
	return trackingPool{Pool: p, onWrite: onWrite}
}

// TrackBackend wraps b, a connection to host, so that onWrite(host) runs once each call of a
// method readMethods does not name has returned, succeeded or not (a failed call may still have
// changed the host). What b reports of its link (Liveness, TransportReporter) passes through.
func TrackBackend(b Backend, host string, onWrite func(host string)) Backend {
	return tracked{b: b, host: host, onWrite: onWrite}
}

type trackingPool struct {
	Pool
	onWrite func(host string)
}

func (p trackingPool) Acquire(ctx context.Context, host string) (Backend, func(), error) {
	b, release, err := p.Pool.Acquire(ctx, host)
	if err != nil {
		return nil, nil, err
	}
	return TrackBackend(b, host, p.onWrite), release, nil
}

func (p trackingPool) Dedicated(ctx context.Context, host string) (Backend, error) {
	b, err := p.Pool.Dedicated(ctx, host)
	if err != nil {
		return nil, err
	}
	return TrackBackend(b, host, p.onWrite), nil
}

// tracked spells out every Backend method rather than embedding b, so a method added to Backend
// does not compile here until it is written, and each one reports its own name to ended.
type tracked struct {
	b       Backend
	host    string
	onWrite func(host string)
}

var (
	_ Backend           = tracked{}
	_ Liveness          = tracked{}
	_ TransportReporter = tracked{}
)

// ended runs the hook when method is a write.
func (t tracked) ended(method string) {
	if !readMethods[method] {
		t.onWrite(t.host)
	}
}

func (t tracked) Alive() bool       { return LinkAlive(t.b) }
func (t tracked) Transport() string { return TransportOf(t.b) }

func (t tracked) Host() string {
	defer t.ended("Host")
	return t.b.Host()
}

func (t tracked) Close() error {
	defer t.ended("Close")
	return t.b.Close()
}

func (t tracked) ConnectGetLibVersion(ctx context.Context) (uint64, error) {
	defer t.ended("ConnectGetLibVersion")
	return t.b.ConnectGetLibVersion(ctx)
}

func (t tracked) ConnectGetCapabilities(ctx context.Context) (string, error) {
	defer t.ended("ConnectGetCapabilities")
	return t.b.ConnectGetCapabilities(ctx)
}

func (t tracked) ConnectListAllDomains(ctx context.Context, flags libvirt.ConnectListAllDomainsFlags) ([]libvirt.Domain, error) {
	defer t.ended("ConnectListAllDomains")
	return t.b.ConnectListAllDomains(ctx, flags)
}

func (t tracked) ConnectGetAllDomainStats(ctx context.Context, stats libvirt.DomainStatsTypes, flags libvirt.ConnectGetAllDomainStatsFlags) ([]libvirt.DomainStatsRecord, error) {
	defer t.ended("ConnectGetAllDomainStats")
	return t.b.ConnectGetAllDomainStats(ctx, stats, flags)
}

func (t tracked) NodeGetInfo(ctx context.Context) (NodeInfo, error) {
	defer t.ended("NodeGetInfo")
	return t.b.NodeGetInfo(ctx)
}

func (t tracked) DomainLookupByName(ctx context.Context, name string) (libvirt.Domain, error) {
	defer t.ended("DomainLookupByName")
	return t.b.DomainLookupByName(ctx, name)
}

func (t tracked) DomainDefineXML(ctx context.Context, xml string) (libvirt.Domain, error) {
	defer t.ended("DomainDefineXML")
	return t.b.DomainDefineXML(ctx, xml)
}

func (t tracked) DomainCreate(ctx context.Context, dom libvirt.Domain) error {
	defer t.ended("DomainCreate")
	return t.b.DomainCreate(ctx, dom)
}

func (t tracked) DomainGetState(ctx context.Context, dom libvirt.Domain) (int32, int32, error) {
	defer t.ended("DomainGetState")
	return t.b.DomainGetState(ctx, dom)
}

func (t tracked) DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainXMLFlags) (string, error) {
	defer t.ended("DomainGetXMLDesc")
	return t.b.DomainGetXMLDesc(ctx, dom, flags)
}

func (t tracked) DomainIsPersistent(ctx context.Context, dom libvirt.Domain) (bool, error) {
	defer t.ended("DomainIsPersistent")
	return t.b.DomainIsPersistent(ctx, dom)
}

func (t tracked) DomainGetAutostart(ctx context.Context, dom libvirt.Domain) (bool, error) {
	defer t.ended("DomainGetAutostart")
	return t.b.DomainGetAutostart(ctx, dom)
}

func (t tracked) DomainSetAutostart(ctx context.Context, dom libvirt.Domain, autostart bool) error {
	defer t.ended("DomainSetAutostart")
	return t.b.DomainSetAutostart(ctx, dom, autostart)
}

func (t tracked) DomainGetMetadata(ctx context.Context, dom libvirt.Domain, uri string) (string, error) {
	defer t.ended("DomainGetMetadata")
	return t.b.DomainGetMetadata(ctx, dom, uri)
}

func (t tracked) DomainSetInterfaceParameters(ctx context.Context, dom libvirt.Domain, device string, params []libvirt.TypedParam, flags libvirt.DomainModificationImpact) error {
	defer t.ended("DomainSetInterfaceParameters")
	return t.b.DomainSetInterfaceParameters(ctx, dom, device, params, flags)
}

func (t tracked) DomainSetMetadata(ctx context.Context, dom libvirt.Domain, xml, key, uri string, flags libvirt.DomainModificationImpact) error {
	defer t.ended("DomainSetMetadata")
	return t.b.DomainSetMetadata(ctx, dom, xml, key, uri, flags)
}

func (t tracked) DomainDestroy(ctx context.Context, dom libvirt.Domain) error {
	defer t.ended("DomainDestroy")
	return t.b.DomainDestroy(ctx, dom)
}

func (t tracked) DomainShutdown(ctx context.Context, dom libvirt.Domain) error {
	defer t.ended("DomainShutdown")
	return t.b.DomainShutdown(ctx, dom)
}

func (t tracked) DomainBlockResize(ctx context.Context, dom libvirt.Domain, target string, size uint64) error {
	defer t.ended("DomainBlockResize")
	return t.b.DomainBlockResize(ctx, dom, target, size)
}

func (t tracked) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) error {
	defer t.ended("DomainUndefine")
	return t.b.DomainUndefine(ctx, dom, flags)
}

func (t tracked) DomainInterfaceAddresses(ctx context.Context, dom libvirt.Domain, source libvirt.DomainInterfaceAddressesSource) ([]libvirt.DomainInterface, error) {
	defer t.ended("DomainInterfaceAddresses")
	return t.b.DomainInterfaceAddresses(ctx, dom, source)
}

func (t tracked) ConnectListAllStoragePools(ctx context.Context, flags libvirt.ConnectListAllStoragePoolsFlags) ([]libvirt.StoragePool, error) {
	defer t.ended("ConnectListAllStoragePools")
	return t.b.ConnectListAllStoragePools(ctx, flags)
}

func (t tracked) StoragePoolLookupByName(ctx context.Context, name string) (libvirt.StoragePool, error) {
	defer t.ended("StoragePoolLookupByName")
	return t.b.StoragePoolLookupByName(ctx, name)
}

func (t tracked) StoragePoolIsActive(ctx context.Context, pool libvirt.StoragePool) (bool, error) {
	defer t.ended("StoragePoolIsActive")
	return t.b.StoragePoolIsActive(ctx, pool)
}

func (t tracked) StoragePoolGetInfo(ctx context.Context, pool libvirt.StoragePool) (uint64, uint64, uint64, error) {
	defer t.ended("StoragePoolGetInfo")
	return t.b.StoragePoolGetInfo(ctx, pool)
}

func (t tracked) StoragePoolGetXMLDesc(ctx context.Context, pool libvirt.StoragePool) (string, error) {
	defer t.ended("StoragePoolGetXMLDesc")
	return t.b.StoragePoolGetXMLDesc(ctx, pool)
}

func (t tracked) StoragePoolRefresh(ctx context.Context, pool libvirt.StoragePool) error {
	defer t.ended("StoragePoolRefresh")
	return t.b.StoragePoolRefresh(ctx, pool)
}

func (t tracked) StoragePoolListAllVolumes(ctx context.Context, pool libvirt.StoragePool) ([]libvirt.StorageVol, error) {
	defer t.ended("StoragePoolListAllVolumes")
	return t.b.StoragePoolListAllVolumes(ctx, pool)
}

func (t tracked) StorageVolLookupByName(ctx context.Context, pool libvirt.StoragePool, name string) (libvirt.StorageVol, error) {
	defer t.ended("StorageVolLookupByName")
	return t.b.StorageVolLookupByName(ctx, pool, name)
}

func (t tracked) StorageVolLookupByPath(ctx context.Context, path string) (libvirt.StorageVol, error) {
	defer t.ended("StorageVolLookupByPath")
	return t.b.StorageVolLookupByPath(ctx, path)
}

func (t tracked) StorageVolCreateXML(ctx context.Context, pool libvirt.StoragePool, xml string) (libvirt.StorageVol, error) {
	defer t.ended("StorageVolCreateXML")
	return t.b.StorageVolCreateXML(ctx, pool, xml)
}

func (t tracked) StorageVolGetPath(ctx context.Context, vol libvirt.StorageVol) (string, error) {
	defer t.ended("StorageVolGetPath")
	return t.b.StorageVolGetPath(ctx, vol)
}

func (t tracked) StorageVolGetInfo(ctx context.Context, vol libvirt.StorageVol) (uint64, uint64, error) {
	defer t.ended("StorageVolGetInfo")
	return t.b.StorageVolGetInfo(ctx, vol)
}

func (t tracked) StorageVolGetXMLDesc(ctx context.Context, vol libvirt.StorageVol) (string, error) {
	defer t.ended("StorageVolGetXMLDesc")
	return t.b.StorageVolGetXMLDesc(ctx, vol)
}

func (t tracked) StorageVolDelete(ctx context.Context, vol libvirt.StorageVol) error {
	defer t.ended("StorageVolDelete")
	return t.b.StorageVolDelete(ctx, vol)
}

func (t tracked) StorageVolResize(ctx context.Context, vol libvirt.StorageVol, capacity uint64) error {
	defer t.ended("StorageVolResize")
	return t.b.StorageVolResize(ctx, vol, capacity)
}

func (t tracked) StorageVolUpload(ctx context.Context, vol libvirt.StorageVol, r io.Reader, length uint64) error {
	defer t.ended("StorageVolUpload")
	return t.b.StorageVolUpload(ctx, vol, r, length)
}

func (t tracked) StorageVolDownloadRange(ctx context.Context, vol libvirt.StorageVol, w io.Writer, offset, length uint64) error {
	defer t.ended("StorageVolDownloadRange")
	return t.b.StorageVolDownloadRange(ctx, vol, w, offset, length)
}

func (t tracked) QEMUDomainAgentCommand(ctx context.Context, dom libvirt.Domain, cmd string, timeoutSec int32) (string, error) {
	defer t.ended("QEMUDomainAgentCommand")
	return t.b.QEMUDomainAgentCommand(ctx, dom, cmd, timeoutSec)
}

func (t tracked) StorageVolDownload(ctx context.Context, vol libvirt.StorageVol, w io.Writer, length uint64) error {
	defer t.ended("StorageVolDownload")
	return t.b.StorageVolDownload(ctx, vol, w, length)
}

func (t tracked) NetworkLookupByName(ctx context.Context, name string) (libvirt.Network, error) {
	defer t.ended("NetworkLookupByName")
	return t.b.NetworkLookupByName(ctx, name)
}

func (t tracked) NetworkIsActive(ctx context.Context, net libvirt.Network) (bool, error) {
	defer t.ended("NetworkIsActive")
	return t.b.NetworkIsActive(ctx, net)
}

func (t tracked) NetworkGetXMLDesc(ctx context.Context, net libvirt.Network) (string, error) {
	defer t.ended("NetworkGetXMLDesc")
	return t.b.NetworkGetXMLDesc(ctx, net)
}

func (t tracked) NetworkGetDHCPLeases(ctx context.Context, net libvirt.Network) ([]libvirt.NetworkDhcpLease, error) {
	defer t.ended("NetworkGetDHCPLeases")
	return t.b.NetworkGetDHCPLeases(ctx, net)
}

func (t tracked) InterfaceLookupByName(ctx context.Context, name string) (libvirt.Interface, error) {
	defer t.ended("InterfaceLookupByName")
	return t.b.InterfaceLookupByName(ctx, name)
}
