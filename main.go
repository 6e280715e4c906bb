// Command terraform-provider-kvm2 serves the kvm2 Terraform provider over the plugin protocol.
package main

import (
	"context"
	"flag"
	"log"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/memory"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider"
)

// version is set by the release build through -ldflags "-X main.version=...".
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	quietUnseenLogs()
	memory.Arm()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address:         "registry.terraform.io/egress-proxies/kvm2",
		Debug:           debug,
		ProtocolVersion: 6,
	})
	afterServe()
	if err != nil {
		log.Fatal(err)
	}
}

// afterServe runs when the server has stopped; the profiling build (main_profile.go) sets it.
var afterServe = func() {}

// logSwitches are the variables with which a user asks to see provider logs. Terraform passes
// its environment to the provider process.
var logSwitches = []string{
	"TF_LOG", "TF_LOG_PATH", "TF_LOG_PROVIDER", "TF_LOG_PROVIDER_KVM2",
	"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK",
}

// quietUnseenLogs turns provider logging off when none of logSwitches is set. The plugin SDK
// otherwise encodes every line at TRACE and Terraform discards them all: with 200 resources that
// was a third of a `plan -refresh=false`.
func quietUnseenLogs() {
	for _, k := range logSwitches {
		if os.Getenv(k) != "" {
			return
		}
	}
	_ = os.Setenv("TF_LOG_SDK", "OFF")
	_ = os.Setenv("TF_LOG_PROVIDER", "OFF")
}
