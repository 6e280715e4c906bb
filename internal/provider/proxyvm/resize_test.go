package proxyvm

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestRestartWarning(t *testing.T) {
	t.Parallel()
	state := proxyVMModel{
		ID: types.StringValue("lab/egress-1"), VCPUs: types.Int64Value(1), MemoryMiB: types.Int64Value(128),
		DiskGiB: types.Int64Value(4), Running: types.BoolValue(true), State: types.StringValue("running"),
	}
	with := func(f func(*proxyVMModel)) proxyVMModel { m := state; f(&m); return m }
	tests := []struct {
		name    string
		plan    proxyVMModel
		replace path.Paths
		want    string // "": no warning
	}{
		{"vcpus", with(func(m *proxyVMModel) { m.VCPUs = types.Int64Value(2) }), nil, "vcpus 1 -> 2"},
		{"memory", with(func(m *proxyVMModel) { m.MemoryMiB = types.Int64Value(256) }), nil, "memory_mib 128 -> 256"},
		{"disk only", with(func(m *proxyVMModel) { m.DiskGiB = types.Int64Value(8) }), nil, ""},
		{"stopping", with(func(m *proxyVMModel) { m.VCPUs = types.Int64Value(2); m.Running = types.BoolValue(false) }), nil, ""},
		{"replaced anyway", with(func(m *proxyVMModel) { m.VCPUs = types.Int64Value(2) }), path.Paths{path.Root("name")}, ""},
	}
	for _, tt := range tests {
		d := restartWarning(tt.plan, state, tt.replace)
		switch {
		case tt.want == "" && len(d) != 0:
			t.Errorf("%s: unexpected %v", tt.name, d)
		case tt.want != "" && (len(d) != 1 || d[0].Severity() != diag.SeverityWarning || !strings.Contains(d[0].Detail(), tt.want) ||
			!strings.Contains(d[0].Summary(), "lab/egress-1 will be restarted")):
			t.Errorf("%s: %v", tt.name, d)
		}
	}
}
