package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// planCase is one plan request of a fleet VM, built from the VM's configuration and prior state
// (changed by config and state), with the given prior private state and identity.
type planCase struct {
	name     string
	config   func(map[string]any)
	state    func(map[string]any)
	private  []byte
	identity map[string]any // nil: Terraform sent no identity (before 1.12)
}

func (p planServer) planRequest(t *testing.T, c planCase) *tfprotov6.PlanResourceChangeRequest {
	t.Helper()
	config, state := fleetVM(3)
	if c.config != nil {
		c.config(config)
	}
	if c.state != nil {
		c.state(state)
	}
	prior := fromJSON(t, p.vmType, state)
	// Terraform proposes the prior state with the configured values over it.
	proposed := map[string]any{}
	for k, v := range state {
		proposed[k] = v
	}
	for k, v := range config {
		if v != nil {
			proposed[k] = v
		}
	}
	proposed["user_data_wo"] = nil // write-only: never in a proposed state
	req := &tfprotov6.PlanResourceChangeRequest{
		TypeName: proxyVMTypeName, PriorState: prior, ProposedNewState: fromJSON(t, p.vmType, proposed),
		Config: fromJSON(t, p.vmType, config), PriorPrivate: c.private,
	}
	if c.identity != nil {
		sch, err := p.s.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
		if err != nil {
			t.Fatal(err)
		}
		typ := sch.IdentitySchemas[proxyVMTypeName].ValueType()
		req.PriorIdentity = &tfprotov6.ResourceIdentityData{IdentityData: fromJSON(t, typ, c.identity)}
	}
	return req
}

func decodeOrNil(t *testing.T, v *tfprotov6.DynamicValue, typ tftypes.Type) *tftypes.Value {
	t.Helper()
	if v == nil {
		return nil
	}
	val, err := v.Unmarshal(typ)
	if err != nil {
		t.Fatal(err)
	}
	return &val
}

// samePrivate compares private states as the framework reads them: JSON objects of JSON values.
func samePrivate(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var ma, mb map[string][]byte
	if json.Unmarshal(a, &ma) != nil || json.Unmarshal(b, &mb) != nil || len(ma) != len(mb) {
		return false
	}
	for k, v := range ma {
		if !bytes.Equal(v, mb[k]) {
			return false
		}
	}
	return true
}

// TestServer_unchangedPlanMatchesTheFramework answers each unchanged plan both ways, through the
// server's shortcut and through the framework alone, and requires the same planned state,
// private state, identity, no replacement and no diagnostic.
func TestServer_unchangedPlanMatchesTheFramework(t *testing.T) {
	p := newPlanServer(t, newCoreClient)
	idType := func() tftypes.Type {
		sch, err := p.s.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
		if err != nil {
			t.Fatal(err)
		}
		return sch.IdentitySchemas[proxyVMTypeName].ValueType()
	}()
	for _, c := range []planCase{
		{name: "fleet VM, no private state, no identity"},
		{name: "with an identity", identity: map[string]any{"host": "lab", "name": "kvm2-bench-003"}},
		{name: "private state with another key and an earlier note",
			private: []byte(`{"other":"eyJhIjoxfQ==","replaced_uid":"Im9sZCI="}`)},
		{name: "defaults left out of the configuration, held by the VM", config: func(c map[string]any) {
			for _, k := range []string{"firmware", "tag", "running"} {
				delete(c, k)
			}
			c["vcpus"], c["memory_mib"], c["disk_gib"], c["wait_for_ip"] = nil, nil, nil, nil
		}, state: func(s map[string]any) {
			s["firmware"], s["tag"], s["running"], s["wait_for_ip"] = "uefi", "", true, true
			s["vcpus"], s["memory_mib"], s["disk_gib"] = 1, 512, 10
		}},
		{name: "a VM that is stopped and has no address", state: func(s map[string]any) {
			s["state"], s["ipv4_address"], s["running"] = "stopped", "", false
		}, config: func(c map[string]any) { c["running"] = false }},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := p.planRequest(t, c)
			fast := p.s.unchangedVMPlan(req)
			if fast == nil {
				t.Fatal("the server left an unchanged plan to the framework")
			}
			fw, err := p.fw.PlanResourceChange(context.Background(), req)
			if err != nil || len(fw.Diagnostics) > 0 || len(fw.RequiresReplace) > 0 || fw.Deferred != nil {
				t.Fatalf("framework: %v %v replace=%v deferred=%v", err, fw.Diagnostics, fw.RequiresReplace, fw.Deferred)
			}
			if got, want := decodeOrNil(t, fast.PlannedState, p.vmType), decodeOrNil(t, fw.PlannedState, p.vmType); !got.Equal(*want) {
				t.Errorf("planned state:\n got %v\nwant %v", got, want)
			}
			if !samePrivate(fast.PlannedPrivate, fw.PlannedPrivate) {
				t.Errorf("private state: got %s, want %s", fast.PlannedPrivate, fw.PlannedPrivate)
			}
			var gotID, wantID *tftypes.Value
			if fast.PlannedIdentity != nil {
				gotID = decodeOrNil(t, fast.PlannedIdentity.IdentityData, idType)
			}
			if fw.PlannedIdentity != nil {
				wantID = decodeOrNil(t, fw.PlannedIdentity.IdentityData, idType)
			}
			if (gotID == nil) != (wantID == nil) || (gotID != nil && !gotID.Equal(*wantID)) {
				t.Errorf("planned identity: got %v, want %v", gotID, wantID)
			}
			if len(fast.RequiresReplace) > 0 || len(fast.Diagnostics) > 0 || fast.Deferred != nil {
				t.Errorf("shortcut: replace=%v diags=%v deferred=%v", fast.RequiresReplace, fast.Diagnostics, fast.Deferred)
			}
		})
	}
}

// TestServer_changedPlansGoToTheFramework checks every condition of the shortcut: each of these
// plans is left to the framework, and the framework's answer shows why (a change, a replacement
// or a diagnostic), so the shortcut's answer would have been wrong.
func TestServer_changedPlansGoToTheFramework(t *testing.T) {
	p := newPlanServer(t, newCoreClient)
	for _, c := range []struct {
		planCase
		// why checks the framework's answer differs from an unchanged plan.
		why func(t *testing.T, prior *tftypes.Value, resp *tfprotov6.PlanResourceChangeResponse)
	}{
		{planCase{name: "a default left out that the VM does not hold", config: func(c map[string]any) { c["vcpus"] = nil },
			state: func(s map[string]any) { s["vcpus"] = 4 }}, plansAChange(p)},
		{planCase{name: "a changed tag", config: func(c map[string]any) { c["tag"] = "other" }}, plansAChange(p)},
		{planCase{name: "write-only user data", config: func(c map[string]any) { c["user_data_wo"] = "#cloud-config\n" }},
			replaces},
		{planCase{name: "a transient VM", state: func(s map[string]any) { s["state"] = "transient" }}, replaces},
		{planCase{name: "a host the provider block does not have", config: func(c map[string]any) { c["host"] = "gone" },
			state: func(s map[string]any) { s["host"] = "gone" }}, fails},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := p.planRequest(t, c.planCase)
			if fast := p.s.unchangedVMPlan(req); fast != nil {
				t.Fatal("the server answered a plan that is not unchanged")
			}
			resp, err := p.s.PlanResourceChange(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			c.why(t, decodeOrNil(t, req.PriorState, p.vmType), resp)
		})
	}

	t.Run("provider not configured", func(t *testing.T) {
		u := configuredServer(t, newCoreClient, nil)
		if fast := u.s.unchangedVMPlan(u.planRequest(t, planCase{})); fast != nil {
			t.Fatal("the server answered for a provider that was never configured")
		}
	})
}

func plansAChange(p planServer) func(*testing.T, *tftypes.Value, *tfprotov6.PlanResourceChangeResponse) {
	return func(t *testing.T, prior *tftypes.Value, resp *tfprotov6.PlanResourceChangeResponse) {
		t.Helper()
		if planned := decodeOrNil(t, resp.PlannedState, p.vmType); planned.Equal(*prior) {
			t.Fatalf("the framework planned no change: %v", resp.Diagnostics)
		}
	}
}

func replaces(t *testing.T, _ *tftypes.Value, resp *tfprotov6.PlanResourceChangeResponse) {
	t.Helper()
	if len(resp.RequiresReplace) == 0 {
		t.Fatalf("the framework planned no replacement: %v", resp.Diagnostics)
	}
}

func fails(t *testing.T, _ *tftypes.Value, resp *tfprotov6.PlanResourceChangeResponse) {
	t.Helper()
	if len(resp.Diagnostics) == 0 {
		t.Fatal("the framework reported nothing")
	}
}

// TestServer_servesWhatTheFrameworkServes: tf6server finds list resources, actions and state
// stores by asserting their methods on the server, so the server main serves must have them.
func TestServer_servesWhatTheFrameworkServes(t *testing.T) {
	s := NewServer("test")()
	if _, ok := s.(tfprotov6.ListResourceServer); !ok {
		t.Error("no list resources")
	}
	actions, ok := s.(tfprotov6.ActionServer)
	if !ok {
		t.Fatal("no actions")
	}
	if _, ok := s.(tfprotov6.StateStoreServer); !ok {
		t.Error("no state stores")
	}
	resp, err := actions.ValidateActionConfig(context.Background(),
		&tfprotov6.ValidateActionConfigRequest{ActionType: "kvm2_proxy_vm_power"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range resp.Diagnostics {
		if strings.Contains(d.Summary, "Not Implemented") {
			t.Fatalf("the action is not served: %s", d.Summary)
		}
	}
}

// TestServer_readsEveryDefaultFromTheSchema: the shortcut's defaults come from the schema, so a
// defaulted attribute added later is checked too.
func TestServer_readsEveryDefaultFromTheSchema(t *testing.T) {
	got, ok := proxyVMDefaults()
	if !ok {
		t.Fatal("a default the shortcut cannot read: it answers nothing")
	}
	want := map[string]tftypes.Value{
		"vcpus":       tftypes.NewValue(tftypes.Number, rules.DefaultVCPUs),
		"memory_mib":  tftypes.NewValue(tftypes.Number, rules.DefaultMemoryMiB),
		"disk_gib":    tftypes.NewValue(tftypes.Number, rules.DefaultDiskGiB),
		"firmware":    tftypes.NewValue(tftypes.String, string(rules.DefaultFirmware)),
		"tag":         tftypes.NewValue(tftypes.String, ""),
		"running":     tftypes.NewValue(tftypes.Bool, true),
		"autostart":   tftypes.NewValue(tftypes.Bool, true),
		"wait_for_ip": tftypes.NewValue(tftypes.Bool, true),
	}
	if len(got) != len(want) {
		t.Fatalf("defaults %v, want %v", got, want)
	}
	for k, v := range want {
		if !got[k].Equal(v) {
			t.Errorf("default of %s = %v, want %v", k, got[k], v)
		}
	}
}
