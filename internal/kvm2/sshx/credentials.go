package sshx

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"

	"github.com/skeema/knownhosts"
	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"golang.org/x/crypto/ssh/agent"
)

// credentials are the auth methods of one dial, plus whatever must be released after it.
type credentials struct {
	methods []ssh.AuthMethod
	agent   net.Conn // nil unless UseAgent
	once    sync.Once
}

// close releases the agent connection; auth is over once the handshake returns. It is also
// how an agent that never answers is cut off when the dial's ctx ends, so it may run twice.
func (c *credentials) close() {
	c.once.Do(func() {
		if c.agent != nil {
			_ = c.agent.Close()
		}
	})
}

// loadCredentials reads the key material of c afresh; connecting to the agent ends with ctx. All signers go into one publickey
// method because x/crypto tries each method name only once: the file key, the inline key and
// the agent's keys are offered in that order. Errors name the file, never the key contents.
func loadCredentials(ctx context.Context, c Config) (*credentials, error) {
	var signers []ssh.Signer
	if c.PrivateKeyFile != "" {
		pem, err := os.ReadFile(c.PrivateKeyFile)
		if err != nil {
			return nil, fmt.Errorf("read private key file: %w", err)
		}
		s, err := ssh.ParsePrivateKey(pem)
		if err != nil {
			return nil, fmt.Errorf("parse private key file %s: %w", c.PrivateKeyFile, keyParseError(err))
		}
		signers = append(signers, s)
	}
	if c.PrivateKey != "" {
		s, err := ssh.ParsePrivateKey([]byte(c.PrivateKey))
		if err != nil {
			return nil, fmt.Errorf("parse inline private key: %w", keyParseError(err))
		}
		signers = append(signers, s)
	}

	creds := &credentials{}
	var agentSigners func() ([]ssh.Signer, error)
	if c.UseAgent {
		sock := os.Getenv("SSH_AUTH_SOCK")
		if sock == "" {
			return nil, errors.New("use_agent is set but SSH_AUTH_SOCK is empty")
		}
		var d net.Dialer
		conn, err := d.DialContext(ctx, "unix", sock)
		if err != nil {
			return nil, fmt.Errorf("connect to ssh agent: %w", err)
		}
		creds.agent = conn
		agentSigners = agent.NewClient(conn).Signers
	}
	if len(signers) == 0 && agentSigners == nil {
		return nil, errNoCredentials
	}

	creds.methods = []ssh.AuthMethod{ssh.PublicKeysCallback(func() ([]ssh.Signer, error) {
		all := append([]ssh.Signer(nil), signers...)
		if agentSigners != nil {
			fromAgent, err := agentSigners()
			if err != nil {
				return nil, fmt.Errorf("list ssh agent keys: %w", err)
			}
			all = append(all, fromAgent...)
		}
		return all, nil
	})}
	return creds, nil
}

// CheckPrivateKey parses key as a dial does, so a configuration can be refused before the
// first dial; like the dial's, its error never carries key bytes.
func CheckPrivateKey(key []byte) error {
	if _, err := ssh.ParsePrivateKey(key); err != nil {
		return keyParseError(err)
	}
	return nil
}

// keyParseError keeps the kind of a parse failure but guarantees no key bytes travel with it.
func keyParseError(err error) error {
	var missing *ssh.PassphraseMissingError
	if errors.As(err, &missing) {
		return errors.New("key is passphrase-protected (use the agent for such keys)")
	}
	return errors.New("not a valid private key")
}

// verifier checks the server's host key and says which algorithms to ask for.
type verifier struct {
	callback ssh.HostKeyCallback
	// algorithms is nil when nothing is known about the host, letting the handshake proceed
	// to the callback, which then reports the host as unknown.
	algorithms []string
	source     string // where the known key comes from, for errors: "known_hosts file <path>"
	fix        string // what the user updates when the key is wrong
}

// loadVerifier builds the host-key check of c: the pinned key if one is set, else the
// known_hosts file, read afresh.
func loadVerifier(c Config) (*verifier, error) {
	if c.HostKey != "" {
		return pinnedVerifier(c.HostKey)
	}
	file := c.KnownHostsFile
	if file == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("locate default known_hosts: %w", err)
		}
		file = rules.DefaultKnownHostsFile(home)
	}
	db, err := knownhosts.NewDB(file)
	if err != nil {
		return nil, fmt.Errorf("read known_hosts: %w", err)
	}
	check := db.HostKeyCallback()
	return &verifier{
		callback: func(hostname string, remote net.Addr, key ssh.PublicKey) error {
			err := check(hostname, remote, key)
			switch {
			case err == nil:
				return nil
			case knownhosts.IsHostKeyChanged(err):
				return fmt.Errorf("host key %s of %s does not match its entry in %s (host reinstalled, or the "+
					"connection is intercepted): check the host's key out of band and update known_hosts_file: %w",
					key.Type(), hostname, file, err)
			case knownhosts.IsHostUnknown(err):
				return fmt.Errorf("host %s has no entry in %s: check the host's key out of band and add it there, or "+
					"pin it with host_key: %w (%w)", knownhosts.Normalize(hostname), file, kvmerr.ErrHostKeyUnknown, err)
			default:
				return err
			}
		},
		algorithms: db.HostKeyAlgorithms(c.addr()),
		source:     "known_hosts file " + file,
		fix:        "its entry in " + file + " (known_hosts_file)",
	}, nil
}

// errHostKeyMismatch is the pinned-key rejection.
var errHostKeyMismatch = errors.New("host key does not match the pinned host_key")

// pinnedVerifier accepts exactly the key given in authorized_keys format and asks the server
// for that key's algorithm only.
func pinnedVerifier(authorized string) (*verifier, error) {
	want, _, _, _, err := ssh.ParseAuthorizedKey([]byte(authorized))
	if err != nil {
		return nil, fmt.Errorf("parse pinned host key: %w", err)
	}
	fixed := ssh.FixedHostKey(want)
	algos := []string{want.Type()}
	if want.Type() == ssh.KeyAlgoRSA {
		algos = []string{ssh.KeyAlgoRSASHA512, ssh.KeyAlgoRSASHA256, ssh.KeyAlgoRSA}
	}
	return &verifier{
		callback: func(hostname string, remote net.Addr, key ssh.PublicKey) error {
			if err := fixed(hostname, remote, key); err != nil {
				return fmt.Errorf("%w: got %s %s (host reinstalled, or the connection is intercepted): check the "+
					"host's key out of band and update host_key", errHostKeyMismatch, key.Type(), ssh.FingerprintSHA256(key))
			}
			return nil
		},
		algorithms: algos,
		source:     "the pinned host_key",
		fix:        "host_key",
	}, nil
}
