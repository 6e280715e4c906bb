package sshx

// Hop is one jump host (bastion) on the way to a host.
type Hop struct {
	Address        string
	Port           int
	User           string
	PrivateKeyFile string
	PrivateKey     string // secret: never in an error or a log line
	UseAgent       bool
	KnownHostsFile string
	HostKey        string
}
