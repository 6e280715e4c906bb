package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
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

func (p planServer) identityType(t *testing.T) tftypes.Type {
	t.Helper()
	sch, err := p.s.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return sch.IdentitySchemas["kvm2_proxy_vm"].ValueType()
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
		TypeName: "kvm2_proxy_vm", PriorState: prior, ProposedNewState: fromJSON(t, p.vmType, proposed),
		Config: fromJSON(t, p.vmType, config), PriorPrivate: c.private,
	}
	if c.identity != nil {
		req.PriorIdentity = &tfprotov6.ResourceIdentityData{IdentityData: fromJSON(t, p.identityType(t), c.identity)}
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

// privateKeys decodes private state as the framework writes it: a JSON object of JSON values.
func privateKeys(t *testing.T, b []byte) map[string][]byte {
	t.Helper()
	keys := map[string][]byte{}
	if len(b) > 0 {
		if err := json.Unmarshal(b, &keys); err != nil {
			t.Fatalf("private state %s: %v", b, err)
		}
	}
	return keys
}

// TestPlan_unchangedVMPlansNoChange plans each unchanged VM as main serves it and requires the
// prior state as the planned state, no replacement and no diagnostic, the prior identity kept,
// and the private state kept with the VM's UID noted for a replacement's plan (privateReplacedUID).
func TestPlan_unchangedVMPlansNoChange(t *testing.T) {
	t.Parallel()
	p := newPlanServer(t, newCoreClient)
	idType := p.identityType(t)
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
			resp, err := p.s.PlanResourceChange(context.Background(), req)
			if err != nil || len(resp.Diagnostics) > 0 || len(resp.RequiresReplace) > 0 || resp.Deferred != nil {
				t.Fatalf("plan: %v %v replace=%v deferred=%v", err, resp.Diagnostics, resp.RequiresReplace, resp.Deferred)
			}
			prior := decodeOrNil(t, req.PriorState, p.vmType)
			if planned := decodeOrNil(t, resp.PlannedState, p.vmType); !planned.Equal(*prior) {
				t.Errorf("planned state:\n got %v\nwant %v", planned, prior)
			}

			var (
				attrs map[string]tftypes.Value
				uid   string
			)
			if err := prior.As(&attrs); err != nil || attrs["uid"].As(&uid) != nil || uid == "" {
				t.Fatalf("prior state without a uid: %v", prior)
			}
			want := privateKeys(t, c.private)
			want["replaced_uid"], _ = json.Marshal(uid) // the private key of the uid a replacement takes over
			got := privateKeys(t, resp.PlannedPrivate)
			if len(got) != len(want) {
				t.Errorf("private state %s, want the keys of %v", resp.PlannedPrivate, want)
			}
			for k, v := range want {
				if !bytes.Equal(got[k], v) {
					t.Errorf("private state %s = %s, want %s", k, got[k], v)
				}
			}

			if c.identity == nil {
				return
			}
			if resp.PlannedIdentity == nil {
				t.Fatal("no planned identity, want the prior one")
			}
			gotID := decodeOrNil(t, resp.PlannedIdentity.IdentityData, idType)
			if wantID := decodeOrNil(t, req.PriorIdentity.IdentityData, idType); !gotID.Equal(*wantID) {
				t.Errorf("planned identity %v, want %v", gotID, wantID)
			}
		})
	}
}

// TestPlan_changedVMPlans: each of these plans differs from an unchanged one, by a change, a
// replacement or a diagnostic.
func TestPlan_changedVMPlans(t *testing.T) {
	t.Parallel()
	p := newPlanServer(t, newCoreClient)
	for _, c := range []struct {
		planCase
		// why checks the plan differs from an unchanged plan.
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
			resp, err := p.s.PlanResourceChange(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			c.why(t, decodeOrNil(t, req.PriorState, p.vmType), resp)
		})
	}
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

// TestServe_servesListsAndActions: tf6server finds list resources and actions by asserting
// their methods on the server main serves, the framework's.
func TestServe_servesListsAndActions(t *testing.T) {
	t.Parallel()
	s := providerserver.NewProtocol6(New("test")())()
	if _, ok := s.(tfprotov6.ListResourceServer); !ok {
		t.Error("no list resources")
	}
	actions, ok := s.(tfprotov6.ActionServer)
	if !ok {
		t.Fatal("no actions")
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
