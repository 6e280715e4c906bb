// Package kvm2 is the provider core: it creates, reads, lists and deletes marked egress proxy
// domains on libvirt hosts reached over SSH, caches verified base images, and checks host
// health. It imports no terraform-plugin package; the Terraform layer is a thin caller.
package kvm2

import (
	"context"
	"errors"
)

// Logger receives one structured line per event. The Terraform layer routes it to tflog with a
// "kvm2" subsystem. Fields never carry secrets (private keys, user data).
type Logger interface {
	Log(ctx context.Context, level Level, msg string, fields map[string]any)
}

// Level is a log severity.
type Level int

const (
	LevelTrace Level = iota
	LevelDebug
	LevelInfo
	LevelWarn
	LevelError
)

// Client is the core. It is safe for concurrent use.
type Client struct {
	cfg Config
}

// Option configures a Client.
type Option func(*Client)

var errNotImplemented = errors.New("not implemented yet")

// New validates cfg, applies defaults and returns a Client. It never dials.
func New(cfg Config, opts ...Option) (*Client, error) {
	c := &Client{cfg: cfg}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// Create makes (or adopts) the proxy VM described by req and returns it as the host reports it.
func (c *Client) Create(ctx context.Context, req CreateRequest) (Instance, error) {
	return Instance{}, errNotImplemented
}

// Get reads one instance by ID ("host/name"). It never waits.
func (c *Client) Get(ctx context.Context, id string) (Instance, error) {
	return Instance{}, errNotImplemented
}

// Delete removes the domain, its NVRAM, overlay and seed. Idempotent.
func (c *Client) Delete(ctx context.Context, id string) error { return errNotImplemented }

// SetRunning starts or stops (destroys) the domain, and returns it as the host reports it.
func (c *Client) SetRunning(ctx context.Context, id string, running bool) (Instance, error) {
	return Instance{}, errNotImplemented
}

// SetTag rewrites the tag in the domain's mark in place.
func (c *Client) SetTag(ctx context.Context, id, tag string) (Instance, error) {
	return Instance{}, errNotImplemented
}

// ListByTag lists marked domains carrying tag on the given hosts (all hosts when none given).
func (c *Client) ListByTag(ctx context.Context, tag string, hosts ...string) ([]Instance, error) {
	return nil, errNotImplemented
}

// EnsureBaseImage returns the cached base volume for req, downloading and verifying it first
// when the cache has no marker for it.
func (c *Client) EnsureBaseImage(ctx context.Context, req BaseImageRequest) (BaseImage, error) {
	return BaseImage{}, errNotImplemented
}

// GetBaseImage reads a cached base volume by ID ("host/pool/name").
func (c *Client) GetBaseImage(ctx context.Context, id string) (BaseImage, error) {
	return BaseImage{}, errNotImplemented
}

// DeleteBaseImage removes a cached base volume and its marker; it refuses (Permanent) while a
// domain still uses the volume as backing file, naming the domains.
func (c *Client) DeleteBaseImage(ctx context.Context, id string) error { return errNotImplemented }

// PoolFree reports the available bytes of the host's pool (pool "" means the host's default).
func (c *Client) PoolFree(ctx context.Context, host, pool string) (uint64, error) {
	return 0, errNotImplemented
}

// Check probes the given hosts (all when none given) concurrently on fresh connections.
func (c *Client) Check(ctx context.Context, hosts ...string) []HostHealth { return nil }

// Hosts returns the configured host names, sorted.
func (c *Client) Hosts() []string { return nil }

// Close closes pooled connections.
func (c *Client) Close() error { return nil }
