// Package kvm2 is the provider core's VM lifecycle: it creates, reads, lists, changes and deletes
// marked egress proxy domains on libvirt hosts reached over SSH, and checks host health; it
// reaches base images through the image cache (package imagecache). It imports no
// terraform-plugin package; the Terraform layer is a thin caller.
package kvm2

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/address"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostfacts"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hosthealth"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/keylock"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Timing of Create's wait for running and of the cleanup after a failed create.
const (
	defaultStartWait      = 15 * time.Second
	defaultStatePoll      = 250 * time.Millisecond
	defaultCleanupBudget  = time.Minute
	opConfigure           = "configure"
	errUnknownHostMessage = "host %q is not configured"
)

// Client is the core. It is safe for concurrent use.
type Client struct {
	cfg        hostconfig.Config
	pool       backend.Pool
	log        corelog.Logger
	httpClient *http.Client
	budgets    backend.Budgets
	images     *imagecache.Cache
	connect    func(ctx context.Context, host string) (backend.Backend, error)
	now        func() time.Time
	locks      *keylock.Locks
	reads      *hostwide.Reads     // host-wide reads shared by concurrent Gets (hostwide/reads.go)
	disks      *hostwide.DiskReads // reads of a host's disks shared by concurrent deletes (hostwide/diskreads.go)
	boots      address.Boots       // the leases a start found, so no earlier boot's reads as its own (address/bootleases.go)

	startWait      time.Duration
	statePoll      time.Duration
	cleanupBudget  time.Duration
	seedBudget     time.Duration // one upload of a seed ISO
	seedReadBudget time.Duration // one read of a seed volume (ReadUserData)
	shutdownWait   time.Duration // how long a restart for a resize waits for the guest to power off

	facts hostfacts.Facts // a host's hypervisor type, a pool's directory, a network's families

	seedUploads hostwide.UploadSlots // seed uploads streaming per host (hostwide/uploads.go)
}

// Option configures a Client.
type Option func(*Client)

// WithPool makes the Client use p instead of building SSH connections (tests pass the fake).
func WithPool(p backend.Pool) Option { return func(c *Client) { c.pool = p } }

// WithLogger routes the Client's lines (one per RPC, plus one per notable step) to l.
func WithLogger(l corelog.Logger) Option {
	return func(c *Client) {
		if l != nil {
			c.log = l
		}
	}
}

// WithHTTPClient sets the client used to download base images.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

// WithConnect sets how Check opens a fresh connection to a host; the default dials over SSH
// (or asks the injected pool for a dedicated connection).
func WithConnect(f func(ctx context.Context, host string) (backend.Backend, error)) Option {
	return func(c *Client) { c.connect = f }
}

// WithClock sets the clock that stamps created-at in new marks.
func WithClock(now func() time.Time) Option { return func(c *Client) { c.now = now } }

// WithBudgets caps each RPC and each dial of the production connections.
func WithBudgets(b backend.Budgets) Option { return func(c *Client) { c.budgets = b } }

// New validates cfg, applies defaults and returns a Client. It never dials. Configuration
// errors are Permanent.
func New(cfg hostconfig.Config, opts ...Option) (*Client, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, opConfigure, "", err)
	}
	c := &Client{
		cfg: cfg, log: corelog.Nop{}, now: time.Now, locks: keylock.New(),
		startWait: defaultStartWait, statePoll: defaultStatePoll, cleanupBudget: defaultCleanupBudget,
		seedBudget: defaultSeedBudget, seedReadBudget: defaultSeedReadBudget, shutdownWait: defaultShutdownWait,
	}
	for _, o := range opts {
		o(c)
	}
	poolOpts := backend.PoolOptions{Budgets: c.budgets}
	if _, discarded := c.log.(corelog.Nop); !discarded {
		poolOpts.Observer = rpcLogger{c.log} // with no logger, RPCs are not timed or described
	}
	if c.pool == nil {
		c.pool = backend.NewSSHPool(cfg.SSHConfigs(), cfg.PoolLimits(), poolOpts)
		if c.connect == nil {
			c.connect = func(ctx context.Context, host string) (backend.Backend, error) {
				return backend.Connect(ctx, host, c.cfg.Hosts[host].SSHConfig(), poolOpts)
			}
		}
	}
	// Every connection counts its writes, so no shared read older than a write is used.
	c.reads = hostwide.NewReads(func() time.Time { return c.now() })
	c.disks = hostwide.NewDiskReads(func() time.Time { return c.now() })
	c.pool = backend.TrackWrites(c.pool, c.reads.Wrote)
	if c.connect == nil {
		c.connect = c.pool.Dedicated
	} else {
		dial := c.connect
		c.connect = func(ctx context.Context, host string) (backend.Backend, error) {
			b, err := dial(ctx, host)
			if err != nil {
				return nil, err
			}
			return c.reads.TrackWrites(b, host), nil
		}
	}
	c.images = imagecache.New(imagecache.Options{HTTPClient: c.httpClient, Logger: c.log})
	c.warnUnreadableFiles()
	return c, nil
}

// warnUnreadableFiles logs configured key and known_hosts files that cannot be read now; they
// are read again on every dial, so this is a hint, not an error.
func (c *Client) warnUnreadableFiles() {
	for _, name := range c.Hosts() {
		for _, f := range c.cfg.Hosts[name].UnreadableFiles() {
			c.logf(context.Background(), corelog.LevelWarn, "configured file is not readable yet",
				map[string]any{"host": name, "file": f})
		}
	}
}

// host returns the configuration of a configured host, or a Permanent error.
func (c *Client) host(op, name string) (hostconfig.HostConfig, error) {
	h, ok := c.cfg.Hosts[name]
	if !ok {
		return hostconfig.HostConfig{}, kvmerr.New(kvmerr.Permanent, op, name, fmt.Errorf(errUnknownHostMessage, name))
	}
	return h, nil
}

// EnsureBaseImage returns the cached base volume for req, downloading and verifying it first
// when the cache has no marker for it.
func (c *Client) EnsureBaseImage(ctx context.Context, req imagecache.BaseImageRequest) (imagecache.BaseImage, error) {
	hc, err := c.host(imagecache.OpEnsure, req.Host)
	if err != nil {
		return imagecache.BaseImage{}, err
	}
	return c.images.Ensure(ctx, c.pool, hc.Pool, req)
}

// GetBaseImage reads a cached base volume by ID ("host/pool/name"). Anything but a verified
// image of the cache is NotFound (a *ForeignImageError says when a volume of another writer
// holds the name). Recorded makes it one name lookup and moves an image cached by an earlier
// version to today's markers.
func (c *Client) GetBaseImage(ctx context.Context, id string, opts ...imagecache.BaseImageOption) (imagecache.BaseImage, error) {
	ref, err := c.baseRef(imagecache.OpGet, id)
	if err != nil {
		return imagecache.BaseImage{}, err
	}
	return c.images.Get(ctx, c.pool, ref, opts...)
}

// DeleteBaseImage removes a cached base volume and its markers; it refuses (Permanent, a
// *BaseImageInUseError) while a domain on the host, running or stopped, backs onto the
// volume. A volume the cache cannot prove it wrote is left alone. Recorded lets it delete an
// image cached by an earlier version.
func (c *Client) DeleteBaseImage(ctx context.Context, id string, opts ...imagecache.BaseImageOption) error {
	ref, err := c.baseRef(imagecache.OpDelete, id)
	if err != nil {
		return err
	}
	return c.images.Remove(ctx, c.pool, ref, opts...)
}

// baseRef parses a base image ID of a configured host.
func (c *Client) baseRef(op, id string) (imagecache.Ref, error) {
	ref, err := imagecache.ParseRef(id)
	if err != nil {
		return imagecache.Ref{}, kvmerr.New(kvmerr.Permanent, op, "", err)
	}
	if _, err := c.host(op, ref.Host); err != nil {
		return imagecache.Ref{}, err
	}
	return ref, nil
}

// PoolFree reports the available bytes of the host's pool (pool "" means the host's default).
func (c *Client) PoolFree(ctx context.Context, host, pool string) (uint64, error) {
	hc, err := c.host(imagecache.OpPoolFree, host)
	if err != nil {
		return 0, err
	}
	if pool == "" {
		pool = hc.Pool
	}
	return c.images.PoolFree(ctx, c.pool, host, pool)
}

// Check probes the given hosts (all when none given) concurrently, each on a fresh connection
// closed after the probe, never the pooled one: a health check must see whether a new
// connection can be made now.
func (c *Client) Check(ctx context.Context, hosts ...string) []hosthealth.HostHealth {
	return hosthealth.Check(ctx, c.cfg.Hosts, hosts, c.connect, c.log)
}

// Hosts returns the configured host names, sorted.
func (c *Client) Hosts() []string { return hostconfig.SortedNames(c.cfg.Hosts) }

// Close closes pooled connections and those the seed uploads keep (hostwide/uploads.go).
func (c *Client) Close() error {
	c.seedUploads.Close()
	return c.pool.Close()
}

// lockKey is the per-name lock of an instance.
func lockKey(host, name string) string { return "instance:" + rules.FormatID(host, name) }

// macLockKey is the lock creates with a fixed MAC address on one host take.
func macLockKey(host, mac string) string { return "mac:" + host + "/" + mac }

// rpcLogger is the backend.Observer that writes one line per libvirt RPC: host, method,
// duration and outcome. Only the method name and the error reach the line, never arguments,
// so neither user data (streamed as a seed volume) nor key material can appear in it.
type rpcLogger struct{ log corelog.Logger }

var _ backend.Observer = rpcLogger{}

// RPC logs one ended call.
func (o rpcLogger) RPC(ctx context.Context, host, method string, d time.Duration, err error) {
	fields := map[string]any{
		"host":        host,
		"method":      method,
		"duration_ms": float64(d.Microseconds()) / 1000,
		"outcome":     "ok",
	}
	if err != nil {
		fields["outcome"] = kvmerr.Classify(err).String()
		fields["error"] = err.Error()
	}
	o.log.Log(ctx, corelog.LevelDebug, "libvirt call", fields)
}

// logf writes one core line through the configured logger.
func (c *Client) logf(ctx context.Context, level corelog.Level, msg string, fields map[string]any) {
	c.log.Log(ctx, level, msg, fields)
}
