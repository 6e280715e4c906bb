// Package corelog is how the core (packages kvm2 and imagecache) writes its log lines: one
// interface, its levels, and a logger that discards. The Terraform layer implements Logger
// and routes the lines to tflog.
package corelog

import "context"

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

// Nop discards every line; it is the Logger when none is configured.
type Nop struct{}

// Log discards the line.
func (Nop) Log(context.Context, Level, string, map[string]any) {}
