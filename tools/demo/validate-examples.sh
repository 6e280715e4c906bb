#!/usr/bin/env bash
# Runs `terraform init` (offline, from the provider mirror) and `terraform validate` on every
# example directory, and on every guide's configuration as the guide shows it. Each is validated
# in a temporary copy. Exits non-zero when any fails.
#
# - An example directory (examples/, but examples/guides) without a required_providers block
#   gets one, since tfplugindocs snippets leave it out.
# - A guide (templates/guides/*.md.tmpl) shows Terraform only through the files it includes
#   ({{ tffile "..." }}, {{ codefile "terraform" "..." }}): a fenced Terraform block written in
#   the template fails the check, since nothing could validate it. The files a guide includes
#   from one directory, with that directory's other files (user data, say), are validated as one
#   root module, as a reader who copies them gets it: nothing is added, so a guide whose files
#   lack the required_providers block of egress-proxies/kvm2 fails. Every .tf file under
#   examples/guides must be included by a guide.
# - Configuration of other tools that a guide shows ({{ codefile "hcl" "..." }}: Terragrunt's
#   terragrunt.hcl, Terraform Stacks' .tfcomponent.hcl and .tfdeploy.hcl) cannot be run here:
#   it is parsed and format-checked as HCL (`fmt -check` of a copy), never validated, and a .tf
#   file shown that way fails, since it would escape validation.
set -euo pipefail
# shellcheck source=tools/demo/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_mirror
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# OpenTofu before 1.11 has neither write-only arguments nor ephemeral variables: the examples
# that use them are left out there (and named), not reported as failures.
skip_write_only=0
if "$TERRAFORM" version 2>/dev/null | head -1 | grep -qE '^OpenTofu v1\.([0-9]|10)\.'; then
  skip_write_only=1
fi

# Terraform before 1.14 (and OpenTofu) has no action blocks: those examples are left out there,
# and named.
skip_actions=1
if "$TERRAFORM" version 2>/dev/null | head -1 | grep -qE '^Terraform v1\.(1[4-9]|[2-9][0-9])\.'; then
  skip_actions=0
fi

# A provider block with for_each needs OpenTofu 1.9: such examples are left out on Terraform and
# older OpenTofu (and named).
skip_provider_for_each=1
if "$TERRAFORM" version 2>/dev/null | head -1 | grep -qE '^OpenTofu v1\.([9]|[1-9][0-9])\.'; then
  skip_provider_for_each=0
fi

# Identity in import blocks needs Terraform or OpenTofu 1.12.
skip_identity=1
if "$TERRAFORM" version 2>/dev/null | head -1 | grep -qE '^(Terraform|OpenTofu) v1\.(1[2-9]|[2-9][0-9])\.'; then
  skip_identity=0
fi

# validate LABEL COPY ADD_REQUIRED_PROVIDERS: drops what this CLI cannot read (named), then runs
# init and validate in COPY. Returns 0 when it validates or nothing is left to validate.
validate() {
  local rel="$1" copy="$2" add_rp="$3" f
  if [ "$skip_write_only" = 1 ]; then
    while read -r f; do
      echo "skip  $rel/$(basename "$f") (write-only arguments need Terraform 1.11+ or OpenTofu 1.11+)"
      rm -f "$f"
    done < <(grep -ls 'user_data_wo' "$copy"/*.tf || true)
  fi
  if [ "$skip_identity" = 1 ]; then
    while read -r f; do
      echo "skip  $rel/$(basename "$f") (identity in import blocks needs Terraform or OpenTofu 1.12+; $("$TERRAFORM" version | head -1))"
      rm -f "$f"
    done < <(grep -lsE '^\s*identity\s*=' "$copy"/*.tf || true)
  fi
  if [ "$skip_provider_for_each" = 1 ]; then
    for f in "$copy"/*.tf; do
      if awk '/^provider "/ { p = 1 } p && /^[[:space:]]*for_each[[:space:]]*=/ { found = 1 } /^}/ { p = 0 } END { exit !found }' "$f"; then
        echo "skip  $rel/$(basename "$f") (for_each in a provider block needs OpenTofu 1.9+; $("$TERRAFORM" version | head -1))"
        rm -f "$f"
      fi
    done
    if ! ls "$copy"/*.tf >/dev/null 2>&1; then
      return 0
    fi
  fi
  if [ "$skip_actions" = 1 ]; then
    while read -r f; do
      echo "skip  $rel/$(basename "$f") (action blocks need Terraform 1.14+; $("$TERRAFORM" version | head -1))"
      rm -f "$f"
    done < <(grep -lsE '^action "|action_trigger' "$copy"/*.tf || true)
    # No query either: list blocks (.tfquery.hcl) are left out.
    while read -r f; do
      echo "skip  $rel/$(basename "$f") (list blocks need Terraform 1.14+; $("$TERRAFORM" version | head -1))"
      rm -f "$f"
    done < <(compgen -G "$copy/*.tfquery.hcl" || true)
    if ! ls "$copy"/*.tf >/dev/null 2>&1; then
      return 0
    fi
  fi
  if ! grep -qs required_providers "$copy"/*.tf; then
    if [ "$add_rp" = 1 ]; then
      cat >"$copy/zz_required_providers.tf" <<'TF'
terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}
TF
    else
      echo "FAIL  $rel"
      echo "      no terraform { required_providers { kvm2 = { source = \"egress-proxies/kvm2\" } } } block: copied as shown, \`terraform init\` looks for hashicorp/kvm2 and fails"
      return 1
    fi
  fi
  local query=()
  if compgen -G "$copy/*.tfquery.hcl" >/dev/null; then
    query=(-query)
  fi
  if "$TERRAFORM" -chdir="$copy" init -input=false -backend=false -no-color >"$copy/init.log" 2>&1 &&
    "$TERRAFORM" -chdir="$copy" validate "${query[@]}" -no-color >"$copy/validate.log" 2>&1; then
    echo "ok    $rel"
  else
    echo "FAIL  $rel"
    cat "$copy/init.log" "$copy/validate.log" 2>/dev/null | sed 's/^/      /'
    return 1
  fi
}

mapfile -t dirs < <(find "$repo/examples" -path "$repo/examples/guides" -prune -o -name '*.tf' -printf '%h\n' | sort -u)
[ ${#dirs[@]} -gt 0 ] || die "no example directories under $repo/examples"

failed=()
for dir in "${dirs[@]}"; do
  rel="${dir#"$repo"/}"
  copy="$work/${rel//\//_}"
  mkdir -p "$copy"
  find "$dir" -maxdepth 1 -type f -exec cp {} "$copy/" \;
  validate "$rel" "$copy" 1 || failed+=("$rel")
done

# The guides, as they show their configuration.
shown=()
guides=0
for tmpl in "$repo"/templates/guides/*.md.tmpl; do
  guide="guide $(basename "$tmpl" .md.tmpl)"
  guides=$((guides + 1))
  if grep -nE '^\s*```(terraform|hcl|tf)\s*$' "$tmpl" >"$work/fences"; then
    echo "FAIL  $guide"
    sed "s|^|      ${tmpl#"$repo"/}:|; s|\$| (Terraform written in the template: include it from a file under examples/guides/ with {{ tffile \"...\" }}, so that this check validates it)|" "$work/fences"
    failed+=("$guide")
  fi
  mapfile -t files < <(grep -oE '\{\{ *(tffile|codefile "terraform") "[^"]+" *\}\}' "$tmpl" | sed -E 's/.*"([^"]+)" *\}\}$/\1/')
  [ ${#files[@]} -gt 0 ] || continue
  mapfile -t gdirs < <(printf '%s\n' "${files[@]}" | xargs -n1 dirname | sort -u)
  for gdir in "${gdirs[@]}"; do
    copy="$work/guide_$(basename "$tmpl" .md.tmpl)_${gdir//\//_}"
    mkdir -p "$copy"
    for f in "${files[@]}"; do
      if [ "$(dirname "$f")" = "$gdir" ]; then
        [ -f "$repo/$f" ] || die "${tmpl#"$repo"/} includes $f, which does not exist"
        cp "$repo/$f" "$copy/"
        shown+=("$f")
      fi
    done
    # The directory's other files (user data the configuration reads, say), never its
    # Terraform: the guide shows all of that.
    find "$repo/$gdir" -maxdepth 1 -type f ! -name '*.tf' ! -name '*.hcl' -exec cp {} "$copy/" \;
    validate "$guide: $gdir" "$copy" 0 || failed+=("$guide: $gdir")
  done
  # Other tools' configuration: parsed and format-checked as HCL, never run.
  while read -r f; do
    [ -f "$repo/$f" ] || die "${tmpl#"$repo"/} includes $f, which does not exist"
    shown+=("$f")
    case "$f" in
    *.tf)
      echo "FAIL  $guide: $f is Terraform shown as hcl (show it with {{ tffile \"$f\" }}, so that it is validated)"
      failed+=("$guide: $f")
      continue
      ;;
    esac
    hcl="$work/hcl_$(basename "$tmpl" .md.tmpl)_${f//\//_}"
    mkdir -p "$hcl"
    cp "$repo/$f" "$hcl/shown.tf"
    if "$TERRAFORM" fmt -check -diff -no-color "$hcl/shown.tf" >"$hcl/fmt.log" 2>&1; then
      echo "ok    $guide: $f (HCL of another tool: parsed and format-checked, not run)"
    else
      echo "FAIL  $guide: $f"
      sed 's/^/      /' "$hcl/fmt.log"
      failed+=("$guide: $f")
    fi
  done < <(grep -oE '\{\{ *codefile "hcl" "[^"]+" *\}\}' "$tmpl" | sed -E 's/.*"([^"]+)" *\}\}$/\1/')
done

# Every file under examples/guides is in a guide: one that none shows is validated by nothing.
# (A lookup in an array, not a pipe into grep -q: under pipefail a writer cut off by grep's early
# exit would fail the pipeline, and the check with it, at random.)
declare -A is_shown=()
for f in "${shown[@]}"; do is_shown[$f]=1; done
while read -r f; do
  rel="${f#"$repo"/}"
  if [ -z "${is_shown[$rel]:-}" ]; then
    echo "FAIL  $rel is included by no guide (templates/guides/*.md.tmpl)"
    failed+=("$rel")
  fi
done < <(find "$repo/examples/guides" -type f \( -name '*.tf' -o -name '*.hcl' \) | sort)

if [ ${#failed[@]} -gt 0 ]; then
  echo "${#failed[@]} failed: ${failed[*]}" >&2
  exit 1
fi
echo "all ${#dirs[@]} example directories and the configuration of all $guides guides validate"
