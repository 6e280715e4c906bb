// Command floor is the fleet benchmark's schema floor: a plugin-framework provider with one
// resource, floor_proxy_vm, whose schema is kvm2_proxy_vm's own, taken from internal/provider
// when the process starts (schema.go), so the two cannot drift; its create, read, update and
// delete only store the configuration. A plan over N of them is what the framework alone pays
// for N resources of this schema (plugin start-up, schema, validate, upgrade, read and plan
// calls, every attribute's pass) with no host behind it and none of kvm2's own code: kvm2's
// plan over it is our code's cost. Built and served by tools/bench/fleet.sh only.
//
// Like kvm2 (main.go at the root), it turns the framework's logs off when no log is asked for;
// it keeps the Go runtime's default memory settings (kvm2's are internal/memory's).
package main

import (
	"context"
	"log"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

func main() {
	quietUnseenLogs()
	s, err := proxyVMSchemas(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	err = providerserver.Serve(context.Background(), func() provider.Provider { return floorProvider{s} },
		providerserver.ServeOpts{Address: "registry.terraform.io/kvm2-bench/floor", ProtocolVersion: 6})
	if err != nil {
		log.Fatal(err)
	}
}

// quietUnseenLogs is kvm2's (main.go): the framework's logging off unless a log is asked for,
// so the floor does not pay for logs that kvm2 does not write.
func quietUnseenLogs() {
	for _, k := range []string{"TF_LOG", "TF_LOG_PATH", "TF_LOG_PROVIDER", "TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK"} {
		if os.Getenv(k) != "" {
			return
		}
	}
	_ = os.Setenv("TF_LOG_SDK", "OFF")
	_ = os.Setenv("TF_LOG_PROVIDER", "OFF")
}

type floorProvider struct{ s schemas }

func (floorProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "floor"
	resp.Version = "0.0.1"
}

func (floorProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}

func (floorProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (p floorProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return item(p) }}
}

func (floorProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
