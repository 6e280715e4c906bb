// Command seediso writes the NoCloud seed ISO the provider would attach, from the provider's
// own builder (definition.SeedISO: the same label, files and vendor-data), so lab boot checks
// boot images the way the provider does.
//
//	go run ./internal/lab/seediso -instance-id ID -hostname NAME [-user-data FILE] [-network-config FILE] -o OUT
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

func main() {
	var spec definition.SeedSpec
	var userData, networkConfig, out string
	flag.StringVar(&spec.InstanceID, "instance-id", "", "meta-data instance-id")
	flag.StringVar(&spec.Hostname, "hostname", "", "meta-data local-hostname")
	flag.StringVar(&userData, "user-data", "", "file with the user-data (default: an empty #cloud-config)")
	flag.StringVar(&networkConfig, "network-config", "", "file with a network-config (default: none)")
	flag.StringVar(&out, "o", "", "output file")
	flag.Parse()
	if err := run(spec, userData, networkConfig, out); err != nil {
		fmt.Fprintln(os.Stderr, "seediso:", err)
		os.Exit(1)
	}
}

func run(spec definition.SeedSpec, userData, networkConfig, out string) error {
	if out == "" {
		return fmt.Errorf("-o is required")
	}
	var err error
	if userData != "" {
		if spec.UserData, err = os.ReadFile(userData); err != nil {
			return err
		}
	}
	if networkConfig != "" {
		if spec.NetworkConfig, err = os.ReadFile(networkConfig); err != nil {
			return err
		}
	}
	iso, err := definition.SeedISO(spec)
	if err != nil {
		return err
	}
	return os.WriteFile(out, iso, 0o644)
}
