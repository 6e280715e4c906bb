// Command terraform-provider-kvm2 serves the kvm2 Terraform provider over the plugin protocol.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider"
)

// version is set by the release build through -ldflags "-X main.version=...".
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address: "registry.terraform.io/egress-proxies/kvm2",
		Debug:   debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
