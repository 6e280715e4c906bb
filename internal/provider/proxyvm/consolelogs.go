package proxyvm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
)

// An imported VM whose console log volumes are missing (its create was stopped after the disks,
// before the logs: kvm2.Client.MissingConsoleLogs) is completed in place: the import notes the
// missing names in private state, the plan shows an update of `state` with a warning that says
// why, and the apply makes them (kvm2.Client.MakeConsoleLogs). Without that, nothing would ever
// make them: the plan of the imported VM is otherwise empty.

// privateLogsMissing is the private state key under which an import records the console log
// volumes the VM lacks (a JSON list of names); the update that makes them clears it.
const privateLogsMissing = "console_logs_missing"

// noteMissingLogs records in private the console log volumes VM id with uid lacks. A host that
// does not answer leaves the note out with a warning: the import itself stands.
func noteMissingLogs(ctx context.Context, private privateState, client *kvm2.Client, id, uid string) diag.Diagnostics {
	var diags diag.Diagnostics
	if private == nil || client == nil {
		return diags
	}
	missing, err := client.MissingConsoleLogs(ctx, id, uid)
	if err != nil {
		diags.AddWarning("Console log volumes of "+id+" not checked",
			fmt.Sprintf("The import could not check whether %s has its console log volumes: %v. The VM is imported; "+
				"a VM whose create was interrupted may lack them (see the resource's import documentation).", id, err))
		return diags
	}
	if len(missing) == 0 {
		return private.SetKey(ctx, privateLogsMissing, nil)
	}
	v, _ := json.Marshal(missing) // a list of strings always marshals
	return private.SetKey(ctx, privateLogsMissing, v)
}

// missingLogs is what noteMissingLogs recorded: the names, or none.
func missingLogs(ctx context.Context, private privateState) ([]string, diag.Diagnostics) {
	if private == nil {
		return nil, nil
	}
	v, diags := private.GetKey(ctx, privateLogsMissing)
	var names []string
	if len(v) > 0 && json.Unmarshal(v, &names) != nil {
		names = nil
	}
	return names, diags
}

// missingLogsWarning says why the plan of an unchanged VM updates it.
func missingLogsWarning(id string, names []string) diag.Diagnostic {
	return diag.NewAttributeWarningDiagnostic(path.Root("state"), id+" lacks its console log volumes",
		fmt.Sprintf("%s was made by a create that stopped before its console log volumes (%s): the apply makes "+
			"them in place, as the create would have, so the VM's serial console is logged where its delete finds it. "+
			"Nothing else of the VM changes.", id, strings.Join(names, ", ")))
}
