package rules

import (
	"fmt"
	"time"
)

// PowerOperation is what Power does to a VM.
type PowerOperation string

// The power operations.
const (
	// PowerStart starts a stopped VM and waits until it runs; a running one is left as it is.
	PowerStart PowerOperation = "start"
	// PowerStop asks the guest to power off (ACPI) and waits up to the shutdown timeout, then
	// powers it off hard; a stopped VM is left as it is.
	PowerStop PowerOperation = "stop"
	// PowerReboot is a stop as above followed by a start: a new QEMU process, so the guest
	// also picks up a changed definition.
	PowerReboot PowerOperation = "reboot"
)

// Bounds and defaults of a power operation.
const (
	DefaultShutdownTimeout = time.Minute
	MaxShutdownTimeout     = time.Hour

	PowerOperationRule  = `"start", "stop" or "reboot"`
	ShutdownTimeoutRule = "a Go duration from 0s (power off at once) to 1h"
)

// The rules of a power operation and its shutdown timeout.
var (
	Power = Text{Words: PowerOperationRule, Values: []string{string(PowerStart), string(PowerStop), string(PowerReboot)},
		Example: string(PowerStart), check: validatePowerOperation}
	ShutdownTimeout = Text{Words: ShutdownTimeoutRule, MinLen: 2, Example: "1h",
		Refused: []string{"-1s", "1h0m1s", "61m", "1", "s"}, Accepted: []string{"0s", "0", "90s", "1h0m0s"},
		check: func(s string) error { _, err := ParseShutdownTimeout(s); return err }}
)

// PowerOperations lists the accepted operations.
func PowerOperations() []PowerOperation { return []PowerOperation{PowerStart, PowerStop, PowerReboot} }

// ValidatePowerOperation checks an operation against PowerOperationRule.
func ValidatePowerOperation(op string) error { return Power.Check(op) }

func validatePowerOperation(op string) error {
	for _, o := range PowerOperations() {
		if string(o) == op {
			return nil
		}
	}
	return fmt.Errorf("power operation %q is not %s", op, PowerOperationRule)
}

// ParseShutdownTimeout parses a Go duration and checks it against ShutdownTimeoutRule.
func ParseShutdownTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("shutdown timeout %q is not a Go duration (%s), for example 90s or 2m", s, ShutdownTimeoutRule)
	}
	if d < 0 || d > MaxShutdownTimeout {
		return 0, fmt.Errorf("shutdown timeout %s is not %s", d, ShutdownTimeoutRule)
	}
	return d, nil
}
