package proxyvm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

// TestProxyVM_planChecksSkippedWarn: a check the plan could not make because the host did not
// answer in time is a warning that names the check, the host and why, never silence.
func TestProxyVM_planChecksSkippedWarn(t *testing.T) {
	t.Parallel()
	vm := proxyVMModel{Host: types.StringValue("lab"), Name: types.StringValue("egress"),
		MACAddress: types.StringValue("52:54:00:00:00:01"), Network: types.StringNull(), Bridge: types.StringNull()}
	warned := func(t *testing.T, d diag.Diagnostics, says ...string) {
		t.Helper()
		if d.HasError() || d.WarningsCount() != 1 {
			t.Fatalf("diagnostics = %v, want one warning", d)
		}
		detail := d.Warnings()[0].Summary() + " " + d.Warnings()[0].Detail()
		t.Logf("warning: %s", detail)
		for _, s := range says {
			if !strings.Contains(detail, s) {
				t.Errorf("warning does not say %q: %s", s, detail)
			}
		}
	}
	t.Run("MAC listing timed out", func(t *testing.T) {
		t.Parallel()
		p := providertest.NewTwoHosts(t)
		providertest.AddDomains(p.H.FB, 3)
		providertest.Slow(p.H.FB, time.Hour, nil, "DomainGetXMLDesc")
		r := &proxyVMResource{data: &corecall.Data{Client: p.Client, Lookups: corecall.NewPlanLookups()}}
		warned(t, r.checkMAC(context.Background(), vm, ""), "mac_address", "lab/egress", "host lab",
			"context deadline exceeded", "apply")
	})
	t.Run("host silent at an earlier look-up", func(t *testing.T) {
		t.Parallel()
		p := providertest.NewTwoHosts(t)
		providertest.Slow(p.H.FB, time.Hour, nil, "StoragePoolLookupByName", "StoragePoolGetInfo")
		r := &proxyVMResource{data: &corecall.Data{Client: p.Client, Lookups: corecall.NewPlanLookups()}}
		withBase := vm
		withBase.BaseImageID = types.StringValue(p.LabBase)
		warned(t, r.checkPoolSpace(context.Background(), withBase), "free space", "host lab", "context deadline exceeded")
		warned(t, r.checkAttachment(context.Background(), vm, vm), "network", "host lab", "earlier")
		warned(t, r.checkMAC(context.Background(), vm, ""), "mac_address", "host lab", "earlier")
	})
}
