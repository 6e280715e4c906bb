package rules

import (
	"fmt"
	"strconv"
	"time"
)

// A boot you can see: the guest's serial console logged beside its disks, and the wait for
// cloud-init's own result read through the guest agent.

// ConsoleLogName is the volume holding the serial console log of VM name with uid. Like the
// disks it carries the UID, so it is this VM's by its name; the create makes it, empty, and
// virtlogd writes it (append='on': a start adds to it, and never removes a file of the log's).
func ConsoleLogName(name, uid string) string { return name + "." + uid + ".console.log" }

// ConsoleLogBackups is how many rotated copies of a console log virtlogd keeps by default
// (max_backups in virtlogd.conf): past max_size (2 MiB) it renames the log to "<log>.0", the
// older ones up to "<log>.2". Delete removes those names with the log.
const ConsoleLogBackups = 3

// ConsoleLogBackupName is the i-th rotated copy of console log volume log (0 the newest).
func ConsoleLogBackupName(log string, i int) string { return log + "." + strconv.Itoa(i) }

// ConsoleLogNames are the console log of VM name with uid and its rotated copies, the log
// first: every name virtlogd can write for the VM. A create makes them all as volumes before
// the start (virtlogd opens the log in place and its rotation only renames among these names),
// and Delete removes them by name.
func ConsoleLogNames(name, uid string) []string {
	log := ConsoleLogName(name, uid)
	out := []string{log}
	for i := range ConsoleLogBackups {
		out = append(out, ConsoleLogBackupName(log, i))
	}
	return out
}

// Bounds of the console tail an error shows: the last lines, at most this many and this many
// bytes, read from at most ConsoleTailReadBytes at the end of the log.
const (
	ConsoleTailLines     = 30
	ConsoleTailBytes     = 4 << 10
	ConsoleTailReadBytes = 16 << 10
)

// CloudInitResultPath is the file cloud-init writes when its last stage has run, with the
// errors of every stage: {"v1": {"datasource": ..., "errors": [...]}}. It is absent until then
// (cloud-init removes it when it starts on a boot).
const CloudInitResultPath = "/run/cloud-init/result.json"

// CloudInitStatusPath is cloud-init's status, with each stage's start and finish (guest clock).
const CloudInitStatusPath = "/run/cloud-init/status.json"

// Bounds of what is read from the guest: its files are the guest's to write, so every read is
// capped and a larger file is an error, never read whole.
const (
	CloudInitFileMaxBytes = 64 << 10
	// CloudInitErrorsShown and CloudInitErrorBytes bound what of cloud-init's errors an error
	// quotes: the first errors, each cut to this many bytes.
	CloudInitErrorsShown = 10
	CloudInitErrorBytes  = 512
)

// CloudInitPoll is how often the wait for cloud-init asks the guest agent; AgentCommandTimeout
// is how long one agent command may take in the guest (seconds, libvirt's unit).
const (
	CloudInitPoll       = 2 * time.Second
	AgentCommandTimeout = 5
)

// CloudInitWaitText says what wait_for_cloud_init does, for the schema and the docs.
const CloudInitWaitText = "waits, after the address (when `wait_for_ip` is set), until cloud-init has finished in the guest, " +
	"reading cloud-init's own result (`" + CloudInitResultPath + "`) through the QEMU guest agent"

// ValidateCloudInitWait accepts what a mark records of wait_for_cloud_init: "true", "false", or
// "" when the caller did not set it.
func ValidateCloudInitWait(s string) error {
	switch s {
	case "", "true", "false":
		return nil
	}
	return fmt.Errorf("wait_for_cloud_init %q is neither true, false nor unset", s)
}
