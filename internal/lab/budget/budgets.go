package budget

import "time"

// The budgets of the lab tiers' waits. Idle is the bound on a machine that runs only the tier
// (its own guests side by side included); a Wait stretches it by the load, up to MaxFactor.
// Where a figure was measured, Why says on what; the margin is what Idle adds to it.
var (
	// LabGuestBoot: internal/labproof boots the lab's tiny image under TCG and polls its agent.
	LabGuestBoot = Budget{
		What: "the guest agent's IPv4 address and the seed's hostname after the guest's start",
		Idle: 60 * time.Second,
		Why: "measured on 2 CPUs: one guest alone 9.1 s (load 1.1), the tier's three side by side 10.6-12.1 s; " +
			"beside stress-ng --cpu 2 12.7 s (one) and 20.5-30.1 s (three); beside six CPU-bound sessions " +
			"(load 6-7) 34-40 s, beside ten (load 9-12) over 60 s, at load 14-21 2m14s-3m: a boot grows by " +
			"11-16 s per runnable task per CPU, so 60 s (five times the tier's boot) times the load per CPU " +
			"holds up to about ten per CPU",
	}
	// LabGuestProxy: the user-data script's tinyproxy answering once the agent has reported.
	LabGuestProxy = Budget{
		What: "an HTTP answer of the guest's proxy after its agent reported",
		Idle: 20 * time.Second,
		Why:  "the proxy starts before the agent reports; the first answer comes in under a second alone",
	}
	// CoreGuestAddress: an integration or ownership test's guest, created through the core, until
	// Get reads an IPv4 address (the tiny image, TCG), or its console log shows text.
	CoreGuestAddress = Budget{
		What: "an IPv4 address (or console text) of a guest the core created",
		Idle: 90 * time.Second,
		Why:  "the tiny image's boot (LabGuestBoot) plus the core's create and reads: 19 s at load 6.8; 90 s as the tier always had",
	}
	// GuestRestart: a guest booting again after a stop, resize, reboot or host restart, until its
	// agent answers or reports an IPv4 address.
	GuestRestart = Budget{
		What: "the guest agent after the guest started again",
		Idle: 3 * time.Minute,
		Why:  "a second boot of the tiny image, with the host's autostart or the action's shutdown before it; 3 min as before",
	}
	// NICLeases: every NIC of a running guest holding a DHCP lease, after the apply waited for one.
	NICLeases = Budget{
		What: "an IPv4 address on every NIC the guest agent reports",
		Idle: time.Minute,
		Why:  "the guest's udhcpc retries every 2 s on each NIC; the leases come seconds after the first",
	}
	// ProxiesAnswer: the egress proxies of a rolling group answering through each of them.
	ProxiesAnswer = Budget{
		What: "an answer through every proxy of the group",
		Idle: time.Minute,
		Why:  "the proxies run once the apply read their addresses; a minute covers their user data",
	}
	// DaemonBack: a lab host's sshd and libvirtd answering again after an injected fault.
	DaemonBack = Budget{
		What: "the lab host's sshd and libvirtd answering after the fault",
		Idle: 30 * time.Second,
		Why:  "the fault scripts restart each daemon in about a second; libvirtd's first answer probes QEMU (~6 s)",
	}
	// DaemonStopped: libvirtd ceasing to answer once restart-libvirtd.sh began stopping it.
	DaemonStopped = Budget{
		What: "libvirtd no longer answering after its restart began",
		Idle: 2 * time.Minute,
		Why:  "restart-libvirtd.sh stops libvirtd within its 20 s SIGTERM grace; the restart lock may be held before it",
	}
	// ObjectAppears: a domain or seed a running terraform creates appearing on the host.
	ObjectAppears = Budget{
		What: "the object terraform is creating on the host",
		Idle: time.Minute,
		Why:  "the create's upload of the base image and seed, seconds alone",
	}
)

// The cloud tier's budgets (the Debian cloud image on host 3, two guests at a time on two
// cores, beside the ownership and chaos tiers by design): measured boots take about a minute,
// so these already hold that load many times over and are not stretched further (Most).
var (
	CloudAgent = Budget{
		What: "an agent-reported IPv4 address after the apply began", Idle: 10 * time.Minute, Most: 10 * time.Minute,
		Why: "a cloud image boot under TCG, about a minute beside the stage's other tiers",
	}
	CloudInit = Budget{
		What: "cloud-init done after the apply began", Idle: 20 * time.Minute, Most: 20 * time.Minute,
		Why: "one test runs apt in the guest; the others finish within minutes",
	}
	CloudProxy = Budget{
		What: "a proxied answer after cloud-init finished", Idle: time.Minute, Most: time.Minute,
		Why: "the proxy is up when cloud-init reports done",
	}
	CloudExec = Budget{
		What: "a guest-exec's exit", Idle: 2 * time.Minute, Most: 2 * time.Minute,
		Why: "short commands; the guest may still be busy with cloud-init",
	}
	CloudConsole = Budget{
		What: "the domain's console", Idle: 2 * time.Minute, Most: 2 * time.Minute,
		Why: "the pty exists once the apply's create started the domain",
	}
)
