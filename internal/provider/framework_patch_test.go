package provider

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The plugin framework is built from third_party/terraform-plugin-framework with the patches of
// tools/third_party/terraform-plugin-framework/. These tests hold what the patches promise, on
// this provider's own schema: the same answers as before, without the allocations.

func proxyVMSchemaForTest(t *testing.T) resource.SchemaResponse {
	t.Helper()
	var resp resource.SchemaResponse
	(&proxyVMResource{}).Schema(context.Background(), resource.SchemaRequest{}, &resp)
	if resp.Diagnostics.HasError() {
		t.Fatalf("schema: %v", resp.Diagnostics)
	}
	return resp
}

// TestFrameworkPatch_pathStepLooksUpWithoutCopying: every attribute and block of kvm2_proxy_vm is
// found by name as itself, a missing name and a step that is not a name fail as upstream's do,
// and a lookup allocates nothing (upstream copied the attribute map on every step).
func TestFrameworkPatch_pathStepLooksUpWithoutCopying(t *testing.T) {
	s := proxyVMSchemaForTest(t).Schema
	if len(s.Attributes) < 10 {
		t.Fatalf("schema has %d attributes; the test needs the real schema", len(s.Attributes))
	}
	for name, want := range s.Attributes {
		got, err := s.ApplyTerraform5AttributePathStep(tftypes.AttributeName(name))
		if err != nil || !reflect.DeepEqual(got, any(want)) {
			t.Errorf("attribute %q: got %#v, %v; want the schema's own attribute", name, got, err)
		}
	}
	for name, want := range s.Blocks {
		got, err := s.ApplyTerraform5AttributePathStep(tftypes.AttributeName(name))
		if err != nil || !reflect.DeepEqual(got, any(want)) {
			t.Errorf("block %q: got %#v, %v; want the schema's own block", name, got, err)
		}
	}
	if _, err := s.ApplyTerraform5AttributePathStep(tftypes.AttributeName("no_such_attribute")); err == nil ||
		!strings.Contains(err.Error(), `could not find attribute or block "no_such_attribute" in schema`) {
		t.Errorf("missing name: err = %v, want upstream's error", err)
	}
	if _, err := s.ApplyTerraform5AttributePathStep(tftypes.ElementKeyInt(0)); err == nil ||
		!strings.Contains(err.Error(), "cannot apply AttributePathStep") {
		t.Errorf("element step: err = %v, want upstream's error", err)
	}
	var name string
	for name = range s.Attributes {
		break
	}
	step := tftypes.AttributePathStep(tftypes.AttributeName(name))
	if n := testing.AllocsPerRun(100, func() {
		_, _ = s.ApplyTerraform5AttributePathStep(step)
	}); n != 0 {
		t.Errorf("a path step allocates %.0f times; want 0 (the attribute map is copied again)", n)
	}
}

// TestFrameworkPatch_getDoesNotCompileARegexpPerField: reading a one-field struct out of a state
// allocates what the conversion needs and no compiled regexp per field, which alone took about 40
// allocations.
func TestFrameworkPatch_getDoesNotCompileARegexpPerField(t *testing.T) {
	schema := proxyVMSchemaForTest(t).Schema
	one := rschema.Schema{Attributes: map[string]rschema.Attribute{"name": schema.Attributes["name"]}}
	typ := one.Type().TerraformType(context.Background())
	state := tfsdk.State{
		Schema: one,
		Raw:    tftypes.NewValue(typ, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, "vm-1")}),
	}
	var into struct {
		Name types.String `tfsdk:"name"`
	}
	get := func() {
		if diags := state.Get(context.Background(), &into); diags.HasError() {
			t.Fatalf("get: %v", diags)
		}
	}
	get()
	if into.Name.ValueString() != "vm-1" {
		t.Fatalf("name = %q, want vm-1", into.Name.ValueString())
	}
	if n := testing.AllocsPerRun(100, get); n > 30 {
		t.Errorf("Get of a one-field struct allocates %.0f times; want at most 30 (a regexp compiled per field costs about 40)", n)
	}
}
