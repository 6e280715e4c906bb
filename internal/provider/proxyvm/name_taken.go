package proxyvm

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
)

// A create refused because its name holds a domain with a kvm2 mark of another uid. Terraform
// killed mid-apply (SIGKILL, a crash, a lost CI runner) leaves the VMs it made on the host with
// uids no state holds, and a create_before_destroy replacement of a VM with a fixed name meets
// its own predecessor: both look like this. The provider proves a VM its own only by the uid
// in state, so it never adopts such a domain; the error says what most likely happened and
// gives the exact import block. Settings that match are no proof, only the likeliest story.
//
// Only the apply can say it. A plan cannot: Terraform plans the replacement of a tainted VM as a
// new object with no prior state and no private data, so the plan of a new VM cannot tell its
// own predecessor under the name from an interrupted apply's VM, and an error there would block
// every tainted replacement.

// ImportPlaceholder stands for the resource's name in the import block the error gives: the
// provider is never told the resource's address, which Terraform prints beside the error.
const ImportPlaceholder = "RESOURCE_NAME"

// proxyVMType is the resource type of a proxy VM, as configurations name it.
const proxyVMType = "kvm2_proxy_vm"

// TakenDetail is the detail of the error of a create whose name holds a marked domain of another
// uid (takenDetail), and true; "" and false for any other error.
func TakenDetail(err error) (string, bool) {
	var owned *ownership.OwnedError
	if errors.Is(err, kvmerr.ErrPermanent) && errors.As(err, &owned) && owned.ByCreate {
		return takenDetail(err, owned), true
	}
	return "", false
}

// importBlock is the import block (HCL) for the VM host/name, indented so that Terraform
// prints it as is, followed by the equivalent command.
func importBlock(host, name string) string {
	id := host + "/" + name
	addr := proxyVMType + "." + ImportPlaceholder
	return fmt.Sprintf("  import {\n    to = %s\n    id = %q\n  }\n\nor run:\n\n  terraform import '%s' '%s'\n\n"+
		"with %s replaced by this resource's name, as in the address Terraform prints after \"with\" above "+
		"(with count or for_each keep the index, as in %s.proxy[\"%s\"]).",
		addr, id, addr, id, ImportPlaceholder, proxyVMType, name)
}

// replacingSettings are the settings a changed value of which makes the plan replace the VM
// (the schema's RequiresReplace modifiers and ModifyPlan's replacements); a domain under the
// name whose mark differs from the create in one of them is most likely this resource's own VM,
// which a create_before_destroy replacement creates beside.
var replacingSettings = map[string]bool{
	"base_image_id": true, "network": true, "bridge": true, "firmware": true, "user_data": true,
	"user_data_wo": true, "user_data_wo_version": true, "network_config": true, "disk_gib": true,
}

// likelyReplaced reports whether the settings owned's mark records differ from the create's in
// one that replaces the VM: then the domain is most likely the VM this apply replaces.
func likelyReplaced(owned *ownership.OwnedError) bool {
	for _, d := range owned.Differs {
		if replacingSettings[d.Setting] {
			return true
		}
	}
	return false
}

// cbdAdvice is what to do when the domain under a fixed name is the VM being replaced.
const cbdAdvice = "a replacement that creates before it destroys cannot reuse a fixed name. Remove " +
	"create_before_destroy (the old VM is then destroyed first), or set name_prefix instead of name, so that each " +
	"replacement draws a name of its own, and apply again; do not import it then, and do not remove it from the " +
	"host: it is the running VM this resource replaces."

// takenDetail explains the refusal owned of a create and says what to do. When the domain's
// mark differs from the create in a setting that replaces the VM, the likeliest story is a
// create_before_destroy replacement meeting its own predecessor, and the detail leads with it.
func takenDetail(err error, owned *ownership.OwnedError) string {
	created := "an unknown time (its mark has no creation time)"
	if !owned.Other.CreatedAt.IsZero() {
		created = owned.Other.CreatedAt.UTC().Format(time.RFC3339)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%v\n\n", err)
	switch {
	case len(owned.Differs) == 0:
		fmt.Fprintf(&b, "Most likely this configuration's own interrupted apply (terraform killed before it saved "+
			"state): an apply created this VM at %s and was killed (SIGKILL, a crash, a lost CI runner) before it "+
			"recorded the VM in state, and every setting the domain's mark records matches this configuration. The "+
			"provider proves a VM its own only by the uid in state, never by its name or settings, so it does not "+
			"adopt it: import it by adding this block to the configuration and applying again:\n\n", created)
		b.WriteString(importBlock(owned.Host, owned.Name))
		fmt.Fprintf(&b, " After the import, the state's uid must be %s, the uid above.\n\n", owned.Other.UID)
		b.WriteString("If this apply replaces this resource and its lifecycle sets create_before_destroy, the domain is " +
			"instead the VM being replaced: " + cbdAdvice)
	case likelyReplaced(owned):
		fmt.Fprintf(&b, "Most likely domain %s is this resource's own VM (created at %s), which this apply replaces: "+
			"its mark differs from this configuration in a setting that replaces the VM, and when the resource's "+
			"lifecycle sets create_before_destroy, the new VM is created while the old one still holds the name. "+
			"If so, %s\n\n", owned.Name, created, cbdAdvice)
		fmt.Fprintf(&b, "Otherwise it belongs to another configuration (or another resource of this one) and is never "+
			"adopted, changed or deleted: give this resource another name. Remove domain %s (uid %s, created at %s) "+
			"from the host only once you know no configuration uses it.", owned.Name, owned.Other.UID, created)
	default:
		fmt.Fprintf(&b, "The settings its mark records differ from this configuration's, so it most likely belongs to "+
			"another configuration (or another resource of this one) and is never adopted, changed or deleted. Give "+
			"this resource another name, and remove domain %s (uid %s, created at %s) from the host only once you "+
			"know no configuration uses it; then apply again.\n\n"+
			"If it is this configuration's own VM after all (an apply killed before it saved state, "+
			"whose configuration changed since), import it; the same apply then changes it to this configuration. "+
			"Add this block to the configuration:\n\n", owned.Name, owned.Other.UID, created)
		b.WriteString(importBlock(owned.Host, owned.Name))
		b.WriteString("\n\nIf this apply replaces this resource and its lifecycle sets create_before_destroy, the " +
			"domain is instead the VM being replaced: " + cbdAdvice)
	}
	return b.String()
}
