package corecall

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
)

// ErrorDiagnostic is the one translation of a core error into a diagnostic. The summary names
// the action and the object ("Unable to create proxy VM lab/egress-1"); the detail says what
// happened and what the user can do, by error class.
func ErrorDiagnostic(action, kind, id string, err error) diag.Diagnostic {
	return diag.NewErrorDiagnostic(ErrorSummary(action, kind, id), ErrorDetail(err))
}

// ErrorSummary renders "Unable to <action> <kind> <id>", leaving out an id not yet known.
func ErrorSummary(action, kind, id string) string {
	if id == "" {
		return fmt.Sprintf("Unable to %s %s", action, kind)
	}
	return fmt.Sprintf("Unable to %s %s %s", action, kind, id)
}

// ErrorDetail explains err by class. The core's error text never carries secrets, so it is
// quoted as is.
func ErrorDetail(err error) string {
	var quota *kvmerr.QuotaError
	switch {
	case errors.As(err, &quota):
		return fmt.Sprintf("Storage pool %q on host %q has %d bytes free, but %d bytes are needed.\n\n"+
			"Free space in the pool or choose another pool/host.",
			quota.Pool, quota.Host, quota.Available, quota.Needed)
	case errors.Is(err, kvmerr.ErrQuotaExceeded):
		return fmt.Sprintf("%v\n\nFree space in the pool or choose another pool/host.", err)
	case isAdoptionRefusal(err):
		return fmt.Sprintf("%v\n\nA domain with this name already exists on the host and is not this resource's "+
			"(it carries no kvm2 mark, or a mark with another uid), so it is never adopted, changed or deleted. "+
			"Rename this resource's name, or remove the existing domain from the host, then apply again. "+
			"To manage a domain this provider created elsewhere, import it instead.", err)
	case errors.Is(err, kvmerr.ErrNotFound):
		return fmt.Sprintf("%v\n\nThe object does not exist on the host. Check the name, host and id; "+
			"an object referenced by this one (base image, pool, network) may have been removed.", err)
	case errors.Is(err, kvmerr.ErrPermanent):
		return fmt.Sprintf("%v\n\nRetrying will not help: correct the configuration or the host, then apply again.", err)
	case errors.As(err, new(*InterruptedError)):
		return fmt.Sprintf("%v\n\nThe operation was interrupted before it finished: Terraform asked the provider to stop "+
			"(as Ctrl-C does), so this says nothing about the host. Apply again to finish it.", err)
	case errors.Is(err, kvmerr.ErrTransient):
		return fmt.Sprintf("%v\n\nThe host did not answer in time, even after retries within the operation's "+
			"timeout. Check that the host is reachable and retry; raise the resource's timeouts if the host is slow.", err)
	default:
		return err.Error()
	}
}

// isAdoptionRefusal reports a refusal because the name is taken by a domain that is not this
// resource's: the core says so with its named errors.
func isAdoptionRefusal(err error) bool {
	var owned *ownership.OwnedError
	return errors.Is(err, kvmerr.ErrPermanent) && (errors.As(err, &owned) || errors.Is(err, ownership.ErrNotManaged))
}

// IsNotFound reports whether err is the core's NotFound class: the object is gone.
func IsNotFound(err error) bool { return errors.Is(err, kvmerr.ErrNotFound) }
