//go:build chaos

package provider

// The orphans of the chaos walk (chaos_recover_acc_test.go): a prefixed VM's create killed once
// its domain is defined leaves a marked domain in no state, and the next apply draws another
// name, so no later apply meets it. The replacement guide ("An apply killed mid-create") tells
// the user how to find and remove such VMs: its recipe, examples/guides/replacing-without-downtime/
// orphans/ (orphans.tf with the configuration's provider block, remove-orphans.sh TAG run from the
// configuration's directory). The walk runs it exactly so, and it must name every orphan by its
// id and uid, and nothing else, and leave nothing of them on the hosts.

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// orphansGuideDir is the directory of the guide's orphan recipe.
var orphansGuideDir = filepath.Join("..", "..", "examples", "guides", "replacing-without-downtime", "orphans")

// chaosOrphan is a domain of the walk outside its state that no apply meets: its inventory key,
// and the tag and uid of its mark.
type chaosOrphan struct {
	key, host, name, tag, uid string
}

// orphans are the domains on the hosts, after a converged apply, that are neither the foreign
// fleet nor in state and whose name one of the slots' prefixes drew. (A fixed name outside
// state is left to checkConverged: the next apply must meet it.)
func (w *chaosWalk) orphans() []chaosOrphan {
	inv, err := w.inventory(nil)
	if err != nil {
		w.t.Fatal(err)
	}
	var out []chaosOrphan
	for _, k := range w.untracked(inv, w.state()) {
		host, kind, _, name := splitKey(k)
		if kind != "domain" {
			continue
		}
		for i := range w.vms {
			if namedLike(name, w.prefixOf(i)) {
				raw := inv[k].raw
				out = append(out, chaosOrphan{key: k, host: host, name: name, tag: markField(raw, "tag"), uid: markField(raw, "uid")})
			}
		}
	}
	return out
}

// removeOrphans runs the guide's recipe once for each tag of the orphans, as the guide says:
// its two files in orphans/ beside the configuration's main.tf, orphans.tf with the
// configuration's provider block, `./orphans/remove-orphans.sh TAG` from the configuration's
// directory, its closing `terraform destroy` answered "yes". Each run must list exactly the
// orphans of its tag ("orphan host/name: uid UID") and destroy them; none of them may be left.
func (w *chaosWalk) removeOrphans(orphans []chaosOrphan) {
	t := w.t
	dir := filepath.Join(w.d.dir, "orphans")
	tf, err := os.ReadFile(filepath.Join(orphansGuideDir, "orphans.tf"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join(orphansGuideDir, "remove-orphans.sh"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := replaceHCLBlock(string(tf), `provider "kvm2" {`, w.providerBlock())
	if err != nil {
		t.Fatalf("the guide's orphans.tf: %v", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"orphans.tf": cfg, "remove-orphans.sh": string(script)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(w.d.dir, "orphans-bin") // `terraform` on PATH is the CLI of the walk
	if _, err := os.Stat(bin); err != nil {
		if err := os.Mkdir(bin, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(w.f.tf, filepath.Join(bin, "terraform")); err != nil {
			t.Fatal(err)
		}
	}
	byTag := map[string][]chaosOrphan{}
	for _, o := range orphans {
		byTag[o.tag] = append(byTag[o.tag], o)
	}
	reported := map[string]bool{}
	for _, tag := range slices.Sorted(maps.Keys(byTag)) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		cmd := exec.CommandContext(ctx, "bash", "./orphans/remove-orphans.sh", tag)
		cmd.Dir = w.d.dir
		cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+w.f.cliRC, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "TF_LOG=",
			"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		cmd.Stdin = strings.NewReader("yes\n") // terraform destroy's question
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		cancel()
		text := out.String()
		t.Logf("step %d: the guide's remove-orphans.sh %s (orphans %v): %v\n%s", w.step, tag, byTag[tag], err, text)
		if err != nil {
			w.violation("the guide's remove-orphans.sh %s failed: %v\n%s", tag, err, text)
			continue
		}
		listed := regexp.MustCompile(`(?m)^orphan (\S+): uid (\S+),`).FindAllStringSubmatch(text, -1)
		for _, o := range byTag[tag] {
			if slices.ContainsFunc(listed, func(m []string) bool { return m[1] == o.host+"/"+o.name && m[2] == o.uid }) {
				reported[o.key] = true
			} else {
				w.violation("the guide's remove-orphans.sh %s did not report orphan %s/%s (uid %s), which no apply meets:\n%s", tag, o.host, o.name, o.uid, text)
			}
		}
		if len(listed) != len(byTag[tag]) {
			w.violation("the guide's remove-orphans.sh %s listed %d orphans, the hosts hold %d (%v):\n%s", tag, len(listed), len(byTag[tag]), byTag[tag], text)
		}
		if !strings.Contains(text, fmt.Sprintf("Destroy complete! Resources: %d destroyed.", len(byTag[tag]))) {
			w.violation("the guide's remove-orphans.sh %s did not destroy its %d orphans:\n%s", tag, len(byTag[tag]), text)
		}
	}
	inv, err := w.inventory(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range orphans {
		gone := true
		for k := range inv {
			if host, _, _, n := splitKey(k); host == o.host && (n == o.name || strings.Contains(n, o.uid)) {
				w.violation("after the guide's recipe, %s of orphan %s/%s is still on the host", k, o.host, o.name)
				gone = false
			}
		}
		if gone && reported[o.key] {
			w.counts[orphanShape]++
		}
	}
}

// replaceHCLBlock replaces the block that begins with head (up to its matching brace) by with.
func replaceHCLBlock(config, head, with string) (string, error) {
	i := strings.Index(config, head)
	if i < 0 {
		return "", fmt.Errorf("no %q block", head)
	}
	depth := 0
	for j := i + len(head) - 1; j < len(config); j++ {
		switch config[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return config[:i] + strings.TrimSuffix(with, "\n") + config[j+1:], nil
			}
		}
	}
	return "", fmt.Errorf("the %q block does not end", head)
}
