package corecall

import (
	"context"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
)

// logSubsystem is the tflog subsystem of the core's log lines; TF_LOG_PROVIDER_KVM2 filters it.
const logSubsystem = "kvm2"

// secretFieldKeys are field names whose values are masked should the core ever pass one; the
// core does not log secrets, this is a second line of defence.
var secretFieldKeys = []string{"private_key", "user_data", "user_data_wo", "password"}

// WithCoreLogging returns ctx carrying the kvm2 subsystem logger. Every call into the core is
// made with such a context, because the core's Logger logs through the context it is given.
// When coreLogsOff, the core logs nothing and ctx is returned as it is.
func WithCoreLogging(ctx context.Context) context.Context {
	if coreLogsOff() {
		return ctx
	}
	ctx = tflog.NewSubsystem(ctx, logSubsystem)
	ctx = tflog.SubsystemMaskFieldValuesWithFieldKeys(ctx, logSubsystem, secretFieldKeys...)
	return tflog.MaskFieldValuesWithFieldKeys(ctx, secretFieldKeys...)
}

// TflogLogger routes the core's structured log lines to tflog.
type TflogLogger struct{}

var _ corelog.Logger = TflogLogger{}

func (TflogLogger) Log(ctx context.Context, level corelog.Level, msg string, fields map[string]any) {
	switch level {
	case corelog.LevelTrace:
		tflog.SubsystemTrace(ctx, logSubsystem, msg, fields)
	case corelog.LevelDebug:
		tflog.SubsystemDebug(ctx, logSubsystem, msg, fields)
	case corelog.LevelInfo:
		tflog.SubsystemInfo(ctx, logSubsystem, msg, fields)
	case corelog.LevelWarn:
		tflog.SubsystemWarn(ctx, logSubsystem, msg, fields)
	default:
		tflog.SubsystemError(ctx, logSubsystem, msg, fields)
	}
}

// CoreLoggerOption installs TflogLogger in the core, unless coreLogsOff: then the core keeps
// its logger that discards every line, and its RPCs are not timed for a log.
func CoreLoggerOption() kvm2.Option {
	if coreLogsOff() {
		return func(*kvm2.Client) {}
	}
	return kvm2.WithLogger(TflogLogger{})
}

// coreLogsOff reports whether the kvm2 subsystem's lines would all be discarded: provider logs
// are OFF (as main sets them when no log variable asks for logs) and TF_LOG_PROVIDER_KVM2 does
// not turn the subsystem back on. The framework still builds a logger per request; the core
// then adds none, nor a line per RPC that nobody reads.
func coreLogsOff() bool {
	return os.Getenv("TF_LOG_PROVIDER_KVM2") == "" && strings.EqualFold(os.Getenv("TF_LOG_PROVIDER"), "OFF")
}
