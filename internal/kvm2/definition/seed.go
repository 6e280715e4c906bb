package definition

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kdomanski/iso9660"
)

// SeedLabel is the volume label cloud-init's NoCloud datasource looks for.
const SeedLabel = "cidata"

// Seed file names, fixed by the NoCloud datasource.
const (
	seedMetaData      = "meta-data"
	seedUserData      = "user-data"
	seedVendorData    = "vendor-data"
	seedNetworkConfig = "network-config"
)

// emptyUserData is a valid cloud-config that asks for nothing; cloud-init treats a missing or
// empty user-data inconsistently across versions, an empty mapping it does not.
const emptyUserData = "#cloud-config\n{}\n"

// guestAgentVendorData installs and starts qemu-guest-agent, which is how the core reads the
// guest's addresses. It is vendor-data so the user's own user-data stays untouched, and a shell
// script rather than #cloud-config because cloud-init lets user-data keys (packages, runcmd)
// replace vendor-data keys of the same name: a script runs whatever the user-data says. An agent
// that already runs is left alone: a systemctl enable reloads systemd, which on a small guest
// delays the end of cloud-init (and the user's runcmd) by tens of seconds. An agent installed but
// not running is enabled and started, because not every image enables it.
const guestAgentVendorData = `#!/bin/sh
# kvm2: make sure the QEMU guest agent runs, so the provider can read the guest's addresses.
systemctl is-active --quiet qemu-guest-agent 2>/dev/null && exit 0
if ! command -v qemu-ga >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q qemu-guest-agent
  elif command -v dnf >/dev/null 2>&1; then
    dnf install -y -q qemu-guest-agent
  elif command -v zypper >/dev/null 2>&1; then
    zypper --non-interactive install qemu-guest-agent
  fi
fi
systemctl enable --now qemu-guest-agent 2>/dev/null || true
`

// SeedSpec is the content of a NoCloud seed. UserData and NetworkConfig are passed through
// unchanged; NetworkConfig is left out of the ISO when empty.
type SeedSpec struct {
	InstanceID    string
	Hostname      string
	UserData      []byte
	NetworkConfig []byte
}

// SeedISO builds the NoCloud ISO for s. The ISO writer stages files in a directory under
// os.TempDir(), which is removed before SeedISO returns, whatever the outcome.
func SeedISO(s SeedSpec) (iso []byte, err error) {
	files, err := s.files()
	if err != nil {
		return nil, err
	}
	w, err := iso9660.NewWriter()
	if err != nil {
		return nil, fmt.Errorf("seed iso: staging: %w", err)
	}
	defer func() {
		if cerr := w.Cleanup(); cerr != nil && err == nil {
			iso, err = nil, fmt.Errorf("seed iso: remove staging: %w", cerr)
		}
	}()
	for _, f := range files {
		if err := w.AddFile(bytes.NewReader(f.data), f.name); err != nil {
			return nil, fmt.Errorf("seed iso: stage %s: %w", f.name, err)
		}
	}
	var buf bytes.Buffer
	if err := w.WriteTo(&buf, SeedLabel); err != nil {
		return nil, fmt.Errorf("seed iso: write: %w", err)
	}
	return buf.Bytes(), nil
}

// seedFile is one file of the seed.
type seedFile struct {
	name string
	data []byte
}

// files returns the seed's files after checking the identity fields.
func (s SeedSpec) files() ([]seedFile, error) {
	if err := checkSeedValue("instance id", s.InstanceID); err != nil {
		return nil, err
	}
	if err := checkSeedValue("hostname", s.Hostname); err != nil {
		return nil, err
	}
	userData := s.UserData
	if len(userData) == 0 {
		userData = []byte(emptyUserData)
	}
	files := []seedFile{
		{seedMetaData, s.metaData()},
		{seedUserData, userData},
		{seedVendorData, []byte(guestAgentVendorData)},
	}
	if len(s.NetworkConfig) > 0 {
		files = append(files, seedFile{seedNetworkConfig, s.NetworkConfig})
	}
	return files, nil
}

// metaData renders meta-data as YAML. Values are JSON strings, which YAML reads as quoted
// scalars, so no value can break out of its line.
func (s SeedSpec) metaData() []byte {
	return []byte(fmt.Sprintf("instance-id: %s\nlocal-hostname: %s\n", yamlString(s.InstanceID), yamlString(s.Hostname)))
}

// yamlString quotes v as a JSON string, a valid YAML double-quoted scalar.
func yamlString(v string) string {
	b, _ := json.Marshal(v) // a Go string always marshals
	return string(b)
}

// checkSeedValue rejects an empty or multi-line identity field.
func checkSeedValue(what, v string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("seed iso: %s is empty", what)
	}
	if strings.ContainsAny(v, "\r\n") {
		return errors.New("seed iso: " + what + " contains a line break")
	}
	return nil
}
