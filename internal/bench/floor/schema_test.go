package main

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	kvm2provider "github.com/egress-proxies/terraform-provider-kvm2/internal/provider"
)

// wireSchemas is what Terraform is told of resource typ by the provider p: its schema and its
// identity schema over the plugin protocol.
func wireSchemas(t *testing.T, p provider.Provider, typ string) (*tfprotov6.Schema, *tfprotov6.ResourceIdentitySchema) {
	t.Helper()
	ctx := context.Background()
	srv := providerserver.NewProtocol6(p)()
	s, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(s.Diagnostics) > 0 {
		t.Fatalf("GetProviderSchema: %v %v", err, s.Diagnostics)
	}
	id, err := srv.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil || len(id.Diagnostics) > 0 {
		t.Fatalf("GetResourceIdentitySchemas: %v %v", err, id.Diagnostics)
	}
	if s.ResourceSchemas[typ] == nil {
		t.Fatalf("no resource %s", typ)
	}
	return s.ResourceSchemas[typ], id.IdentitySchemas[typ]
}

// The floor's resource is, to Terraform, kvm2_proxy_vm: the same schema and identity schema,
// attribute for attribute, over the plugin protocol.
func TestFloorSchemaIsProxyVMSchema(t *testing.T) {
	s, err := proxyVMSchemas(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want, wantID := wireSchemas(t, kvm2provider.New("test")(), "kvm2_proxy_vm")
	got, gotID := wireSchemas(t, floorProvider{s}, "floor_proxy_vm")
	if len(want.Block.Attributes) < 20 {
		t.Fatalf("kvm2_proxy_vm has %d attributes; expected its whole schema", len(want.Block.Attributes))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("floor_proxy_vm's schema differs from kvm2_proxy_vm's:\n got %v\nwant %v", got, want)
	}
	if wantID == nil || !reflect.DeepEqual(gotID, wantID) {
		t.Errorf("floor_proxy_vm's identity schema %v, kvm2_proxy_vm's %v", gotID, wantID)
	}
}

const kvm2Module = "github.com/egress-proxies/terraform-provider-kvm2/"

// The floor runs none of kvm2's own validators or plan modifiers, and keeps the framework's.
func TestFloorKeepsOnlyHashiCorpChecks(t *testing.T) {
	s, err := proxyVMSchemas(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var kept, ours int
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Map:
			for it := v.MapRange(); it.Next(); {
				walk(it.Value())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				switch f := v.Type().Field(i); f.Name {
				case "Validators", "PlanModifiers":
					for j := 0; j < v.Field(i).Len(); j++ {
						if e := v.Field(i).Index(j).Elem().Type(); strings.HasPrefix(e.PkgPath(), kvm2Module) ||
							(e.Kind() == reflect.Pointer && strings.HasPrefix(e.Elem().PkgPath(), kvm2Module)) {
							ours++
						} else {
							kept++
						}
					}
				case "Attributes", "Blocks", "NestedObject":
					walk(v.Field(i))
				}
			}
		}
	}
	walk(reflect.ValueOf(s.resource))
	if ours != 0 {
		t.Errorf("the floor's schema keeps %d of kvm2's own validators or plan modifiers", ours)
	}
	if kept == 0 {
		t.Error("the floor's schema lost the framework's validators and plan modifiers (RequiresReplace, UseStateForUnknown)")
	}
}
