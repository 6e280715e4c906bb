package kvm2

import (
	"context"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

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
