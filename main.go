// Command terraform-provider-kvm2 serves the kvm2 Terraform provider over the plugin protocol.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"runtime/debug"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider"
)

// version is set by the release build through -ldflags "-X main.version=...".
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	quietUnseenLogs()
	boundMemory()

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

// softMemoryLimit is the Go runtime's soft memory limit when the user sets none. A plan or apply
// over hundreds of resources allocates a little per RPC and keeps almost nothing, so with only
// GOGC the heap goal, and the process's resident size, grew with the number of resources; under
// this limit the collector runs before the heap passes it, and the resident size stays flat. It
// is soft: a provider that needs more (a large image download keeps bounded buffers, but a huge
// definition list may not) gets it, with the collector's CPU capped by the runtime. Much lower,
// a plan of hundreds of VMs stays over it throughout and the collector never stops (24 MiB made
// such a plan twice as slow); higher, the peak resident size grows (DESIGN.md, "Memory").
const softMemoryLimit = 32 << 20

// boundMemory applies softMemoryLimit unless GOMEMLIMIT or GOGC says otherwise.
func boundMemory() {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") != "" {
		return
	}
	debug.SetMemoryLimit(softMemoryLimit)
}
