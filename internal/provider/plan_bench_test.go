package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// planServer is the provider's protocol server as main serves it (the framework's), configured
// with one host "lab" (a pinned key and an inline private key: nothing dials), and the value
// type and schema of the VM.
type planServer struct {
	s      tfprotov6.ProviderServer
	vmType tftypes.Type
	schema *tfprotov6.Schema
}

func newPlanServer(tb testing.TB, newClient ClientFactory) planServer {
	tb.Helper()
	p := configuredServer(tb, newClient, map[string]any{
		"address": "127.0.0.1", "private_key": testPrivateKey, "host_key": testHostKey,
	})
	return p
}

// configuredServer is a planServer whose host "lab" has the given attributes, or an
// unconfigured one when lab is nil.
func configuredServer(tb testing.TB, newClient ClientFactory, lab map[string]any) planServer {
	tb.Helper()
	ctx := context.Background()
	s := providerserver.NewProtocol6(newProvider("bench", newClient, fastRetry)())()
	sch, err := s.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(sch.Diagnostics) > 0 {
		tb.Fatalf("schema: %v %v", err, sch.Diagnostics)
	}
	if lab != nil {
		cfg := fromJSON(tb, sch.Provider.ValueType(), map[string]any{"hosts": map[string]any{"lab": lab}})
		conf, err := s.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: cfg})
		if err != nil || len(conf.Diagnostics) > 0 {
			tb.Fatalf("configure: %v %v", err, conf.Diagnostics)
		}
	}
	vm := sch.ResourceSchemas["kvm2_proxy_vm"]
	return planServer{s: s, vmType: vm.ValueType(), schema: vm}
}

// fromJSON is the value of typ that the JSON of v encodes (absent attributes are null).
func fromJSON(tb testing.TB, typ tftypes.Type, v any) *tfprotov6.DynamicValue {
	tb.Helper()
	val := jsonValue(tb, typ, v)
	dv, err := tfprotov6.NewDynamicValue(typ, val)
	if err != nil {
		tb.Fatal(err)
	}
	return &dv
}

func jsonValue(tb testing.TB, typ tftypes.Type, v any) tftypes.Value {
	tb.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	val, err := (&tfprotov6.RawState{JSON: raw}).UnmarshalWithOpts(typ, tfprotov6.UnmarshalOpts{})
	if err != nil {
		tb.Fatal(err)
	}
	return val
}

// fleetVM is the configuration of the benchmark fleet's VM i (tools/bench/fleet/kvm2) and the
// state an apply leaves for it.
func fleetVM(i int) (config, state map[string]any) {
	name := fmt.Sprintf("kvm2-bench-%03d", i)
	config = map[string]any{
		"name": name, "host": "lab", "base_image_id": "lab/default/kvm2-bench-base.qcow2",
		"vcpus": 1, "memory_mib": 64, "disk_gib": 1, "firmware": "bios", "network": "default",
		"tag": "kvm2-bench", "running": true, "wait_for_ip": false,
	}
	state = map[string]any{}
	for k, v := range config {
		state[k] = v
	}
	uid := fmt.Sprintf("0c5a7f0e-8f4b-4c1e-9d2a-%012d", i)
	for k, v := range map[string]any{
		"id": "lab/" + name, "uid": uid, "domain_uuid": uid, "autostart": true, "state": "running",
		"user_data_sha256": rules.UserDataSHA256(nil), "ipv4_address": fmt.Sprintf("192.168.122.%d", 10+i%200),
		"mac_address": fmt.Sprintf("52:54:00:00:%02x:%02x", i/256, i%256), "created_at": "2026-12-01T10:00:00Z",
	} {
		state[k] = v
	}
	return config, state
}

// planUnchanged makes the calls a `terraform plan -refresh=false` makes for one unchanged VM:
// upgrade its state, validate its configuration, plan it.
func planUnchanged(tb testing.TB, s tfprotov6.ProviderServer, upgrade *tfprotov6.UpgradeResourceStateRequest,
	validate *tfprotov6.ValidateResourceConfigRequest, plan *tfprotov6.PlanResourceChangeRequest,
) {
	ctx := context.Background()
	up, err := s.UpgradeResourceState(ctx, upgrade)
	if err != nil || len(up.Diagnostics) > 0 {
		tb.Fatalf("upgrade: %v %v", err, up.Diagnostics)
	}
	v, err := s.ValidateResourceConfig(ctx, validate)
	if err != nil || len(v.Diagnostics) > 0 {
		tb.Fatalf("validate: %v %v", err, v.Diagnostics)
	}
	pl, err := s.PlanResourceChange(ctx, plan)
	if err != nil || len(pl.Diagnostics) > 0 {
		tb.Fatalf("plan: %v %v", err, pl.Diagnostics)
	}
	if len(pl.RequiresReplace) > 0 {
		tb.Fatalf("plan of an unchanged VM replaces it: %v", pl.RequiresReplace)
	}
}

func (p planServer) requests(tb testing.TB, i int) (*tfprotov6.UpgradeResourceStateRequest,
	*tfprotov6.ValidateResourceConfigRequest, *tfprotov6.PlanResourceChangeRequest,
) {
	config, state := fleetVM(i)
	rawState, err := json.Marshal(state)
	if err != nil {
		tb.Fatal(err)
	}
	cfg, prior := fromJSON(tb, p.vmType, config), fromJSON(tb, p.vmType, state)
	return &tfprotov6.UpgradeResourceStateRequest{TypeName: "kvm2_proxy_vm", Version: p.schema.Version,
			RawState: &tfprotov6.RawState{JSON: rawState}},
		&tfprotov6.ValidateResourceConfigRequest{TypeName: "kvm2_proxy_vm", Config: cfg},
		&tfprotov6.PlanResourceChangeRequest{TypeName: "kvm2_proxy_vm", PriorState: prior,
			ProposedNewState: prior, Config: cfg}
}

// TestPlanUnchanged_fleetVMIsANoOp checks the benchmark's premise: the requests it makes plan an
// unchanged VM as no change (the planned state is the prior state).
func TestPlanUnchanged_fleetVMIsANoOp(t *testing.T) {
	t.Parallel()
	p := newPlanServer(t, newCoreClient)
	up, validate, plan := p.requests(t, 7)
	planUnchanged(t, p.s, up, validate, plan)
	resp, err := p.s.PlanResourceChange(context.Background(), plan)
	if err != nil {
		t.Fatal(err)
	}
	planned, err := resp.PlannedState.Unmarshal(p.vmType)
	if err != nil {
		t.Fatal(err)
	}
	prior, err := plan.PriorState.Unmarshal(p.vmType)
	if err != nil {
		t.Fatal(err)
	}
	if diff, err := planned.Diff(prior); err != nil || len(diff) > 0 {
		t.Fatalf("planned state differs from the prior state: %v %v", diff, err)
	}
}

// BenchmarkPlanUnchanged measures the provider's own share of `terraform plan -refresh=false`
// per VM (upgrade, validate, plan of one unchanged fleet VM), in process, with no gRPC, as main
// serves it.
func BenchmarkPlanUnchanged(b *testing.B) {
	p := newPlanServer(b, newCoreClient)
	up, validate, plan := p.requests(b, 7)
	b.ReportAllocs()
	for b.Loop() {
		planUnchanged(b, p.s, up, validate, plan)
	}
}

// readRequest is the refresh of fleet VM i as Terraform asks it, from the state an apply left.
func (p planServer) readRequest(tb testing.TB, i int, uid string) *tfprotov6.ReadResourceRequest {
	_, state := fleetVM(i)
	state["uid"] = uid
	return &tfprotov6.ReadResourceRequest{TypeName: "kvm2_proxy_vm", CurrentState: fromJSON(tb, p.vmType, state)}
}

func (p planServer) read(tb testing.TB, req *tfprotov6.ReadResourceRequest) tftypes.Value {
	resp, err := p.s.ReadResource(context.Background(), req)
	if err != nil || len(resp.Diagnostics) > 0 {
		tb.Fatalf("read: %v %v", err, resp.Diagnostics)
	}
	v, err := resp.NewState.Unmarshal(p.vmType)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestReadRunningVM_readsTheHost checks the read benchmark's premise: the VM the fake host runs
// is read back with its state (not removed from state).
func TestReadRunningVM_readsTheHost(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.CreateOutOfBand("kvm2-bench-007", "kvm2-bench", "")
	p := newPlanServer(t, h.NewClient)
	got := p.read(t, p.readRequest(t, 7, "oob-kvm2-bench-007"))
	var attrs map[string]tftypes.Value
	if err := got.As(&attrs); err != nil {
		t.Fatal(err)
	}
	var state string
	if err := attrs["state"].As(&state); err != nil || state != "running" {
		t.Fatalf("state = %q (%v), want running", state, err)
	}
}

// BenchmarkReadRunningVM measures the provider's share of refreshing one running VM (ReadResource
// on the in-memory host, whose RPCs cost next to nothing), in process, with no gRPC.
func BenchmarkReadRunningVM(b *testing.B) {
	h := newFakeHost(b)
	h.CreateOutOfBand("kvm2-bench-007", "kvm2-bench", "")
	p := newPlanServer(b, h.NewClient)
	req := p.readRequest(b, 7, "oob-kvm2-bench-007")
	b.ReportAllocs()
	for b.Loop() {
		p.read(b, req)
	}
}
