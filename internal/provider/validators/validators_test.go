package validators

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestString(t *testing.T) {
	tests := []struct {
		name  string
		v     validator.String
		value types.String
		want  string // "" accepts; else a substring of the detail
	}{
		{"good name", VMName(), types.StringValue("egress-1"), ""},
		{"underscore", VMName(), types.StringValue("Egress_1"), "must start with a lowercase letter"},
		{"trailing hyphen", VMName(), types.StringValue("egress-"), "must not end with a hyphen"},
		{"null skipped", VMName(), types.StringNull(), ""},
		{"unknown skipped", VMName(), types.StringUnknown(), ""},
		{"firmware", Firmware(), types.StringValue("coreboot"), `is neither "uefi" nor "bios"`},
		{"address", Address(), types.StringValue("a b"), "white space"},
		{"user", User(), types.StringValue("a@b"), "must not contain '@'"},
		{"socket", Socket(), types.StringValue("/run/x\nreboot"), "control character U+000A"},
		{"network", NetworkName(), types.StringValue("a/b"), "network name"},
		{"pool", PoolName(), types.StringValue(""), "pool name is empty"},
		{"bridge", BridgeName(), types.StringValue("a-very-long-bridge"), "at most 15"},
		{"wait family", IPWaitFamily(), types.StringValue("ipv5"), `wait_for_ip_family "ipv5"`},
		{"wait family both", IPWaitFamily(), types.StringValue("both"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := validator.StringRequest{Path: path.Root("x"), ConfigValue: tt.value}
			var resp validator.StringResponse
			tt.v.ValidateString(context.Background(), req, &resp)
			checkDiags(t, resp.Diagnostics.Errors(), tt.want, tt.v.Description(context.Background()))
		})
	}
}

func TestInt64(t *testing.T) {
	tests := []struct {
		name  string
		v     validator.Int64
		value types.Int64
		want  string
	}{
		{"vcpus 255", VCPUs(), types.Int64Value(255), ""},
		{"vcpus 256", VCPUs(), types.Int64Value(256), "vcpus is 256"},
		{"memory 63", MemoryMiB(), types.Int64Value(63), "memory is 63 MiB"},
		{"memory 64", MemoryMiB(), types.Int64Value(64), ""},
		{"disk 65536", DiskGiB(), types.Int64Value(65536), ""},
		{"disk 65537", DiskGiB(), types.Int64Value(65537), "disk is 65537 GiB"},
		{"port 0", Port(), types.Int64Value(0), "port is 0"},
		{"wait interface 7", IPWaitInterface(), types.Int64Value(7), ""},
		{"wait interface 8", IPWaitInterface(), types.Int64Value(8), "wait_for_ip_interface is 8"},
		{"wait interface -1", IPWaitInterface(), types.Int64Value(-1), "wait_for_ip_interface is -1"},
		{"null skipped", DiskGiB(), types.Int64Null(), ""},
		{"unknown skipped", DiskGiB(), types.Int64Unknown(), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := validator.Int64Request{Path: path.Root("x"), ConfigValue: tt.value}
			var resp validator.Int64Response
			tt.v.ValidateInt64(context.Background(), req, &resp)
			checkDiags(t, resp.Diagnostics.Errors(), tt.want, tt.v.Description(context.Background()))
		})
	}
}

// checkDiags wants no error for want "", else exactly one, at the attribute, whose detail
// holds want and the rule's description.
func checkDiags(t *testing.T, errs diag.Diagnostics, want, description string) {
	t.Helper()
	if want == "" {
		if len(errs) != 0 {
			t.Fatalf("refused: %v", errs)
		}
		return
	}
	if len(errs) != 1 {
		t.Fatalf("got %d errors %v, want one", len(errs), errs)
	}
	d := errs[0]
	rule := strings.TrimPrefix(description, "value must be ")
	if !strings.Contains(d.Detail(), want) || !strings.Contains(d.Detail(), "The value must be "+rule) {
		t.Fatalf("detail %q lacks %q or the rule %q", d.Detail(), want, rule)
	}
	if wp, ok := d.(diag.DiagnosticWithPath); !ok || !wp.Path().Equal(path.Root("x")) {
		t.Fatalf("diagnostic %v is not at the attribute", d)
	}
}

func TestJumpValidators(t *testing.T) {
	ctx := context.Background()
	jumps := func(n int) types.List {
		elems := make([]attr.Value, n)
		for i := range elems {
			elems[i] = types.StringValue("b")
		}
		return types.ListValueMust(types.StringType, elems)
	}
	for _, tt := range []struct {
		name  string
		value types.List
		want  string
	}{
		{"four", jumps(4), ""},
		{"five", jumps(5), "jump hosts is 5; it must be at most 4"},
		{"null", types.ListNull(types.StringType), ""},
		{"unknown", types.ListUnknown(types.StringType), ""},
	} {
		t.Run("list "+tt.name, func(t *testing.T) {
			var resp validator.ListResponse
			JumpHosts().ValidateList(ctx, validator.ListRequest{Path: path.Root("x"), ConfigValue: tt.value}, &resp)
			checkDiags(t, resp.Diagnostics.Errors(), tt.want, JumpHosts().Description(ctx))
		})
	}
	types2 := map[string]attr.Type{"known_hosts_file": types.StringType, "host_key": types.StringType}
	hop := func(known, key types.String) types.Object {
		return types.ObjectValueMust(types2, map[string]attr.Value{"known_hosts_file": known, "host_key": key})
	}
	for _, tt := range []struct {
		name  string
		value types.Object
		want  string
	}{
		{"known_hosts only", hop(types.StringValue("/k"), types.StringNull()), ""},
		{"neither", hop(types.StringNull(), types.StringNull()), ""},
		{"both", hop(types.StringValue("/k"), types.StringValue("ssh-ed25519 AAAA")), "not both"},
		{"one unknown", hop(types.StringValue("/k"), types.StringUnknown()), ""},
	} {
		t.Run("object "+tt.name, func(t *testing.T) {
			var resp validator.ObjectResponse
			HostKeySource().ValidateObject(ctx, validator.ObjectRequest{Path: path.Root("x"), ConfigValue: tt.value}, &resp)
			checkDiags(t, resp.Diagnostics.Errors(), tt.want, HostKeySource().Description(ctx))
		})
	}
}
