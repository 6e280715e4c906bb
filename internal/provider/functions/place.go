// Package functions holds the provider functions place and place_group: names placed over
// hosts by the core's placement rule (package placement).
package functions

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/placement"
)

// The placement functions: provider::kvm2::place and provider::kvm2::place_group. They are pure:
// the rule and its checks are the core's (package placement); this file reads the arguments
// into the core's types and turns its refusals into function errors naming the argument.
//
// A function gets no provider configuration (the framework calls it on an unconfigured
// provider, and Terraform may call it before any provider block is known), so the hosts are an
// argument: the same host keys as the provider block, with their zones.

var (
	_ function.Function = placeFunction{}
	_ function.Function = placeGroupFunction{}
)

// Argument positions, for function errors.
const (
	argNames = 0
	argHosts = 1
)

const hostsDescription = "The hosts to place on, by the host keys of the provider block: a list or set of host names, " +
	"or a map from host name to an object with an optional `zone` (string) and an optional `weight` " +
	"(" + placement.WeightRule + ", default 1: a host of weight 2 takes twice the names of a host of weight 1). " +
	"Build the map from the locals that feed the provider block, keeping only `zone` (and `weight`): never " +
	"pass keys or other secrets, since a sensitive argument makes the result sensitive."

func hostsParameter() function.DynamicParameter {
	return function.DynamicParameter{Name: "hosts", MarkdownDescription: hostsDescription}
}

type placeFunction struct{}

// NewPlace is provider::kvm2::place.
func NewPlace() function.Function { return placeFunction{} }

func (placeFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "place"
}

func (placeFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "The host of a VM name, by weighted rendezvous hashing",
		MarkdownDescription: "Returns the host a VM name goes to: of the given hosts, the one of highest weighted " +
			"rendezvous score for the name (highest random weight hashing over SHA-256 of host and name). The same " +
			"name and hosts give the same host on every plan and every machine; adding one host of N moves about " +
			"1/N of the names, all to the new host, and removing one moves only the names it held. Zones are not " +
			"read: use `place_group` to spread the replicas of a group across zones.",
		Parameters: []function.Parameter{
			function.StringParameter{Name: "name", MarkdownDescription: "The name to place, " + placement.NameRule + ": usually the VM's name (`each.key`)."},
			hostsParameter(),
		},
		Return: function.StringReturn{},
	}
}

func (placeFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var name string
	var raw types.Dynamic
	if resp.Error = req.Arguments.Get(ctx, &name, &raw); resp.Error != nil {
		return
	}
	if err := placement.ValidateName(name); err != nil {
		resp.Error = function.NewArgumentFuncError(argNames, err.Error())
		return
	}
	hosts, ferr := hostsArgument(raw)
	if ferr != nil {
		resp.Error = ferr
		return
	}
	host, err := placement.Place(name, hosts)
	if err != nil {
		resp.Error = function.NewFuncError(err.Error())
		return
	}
	resp.Error = resp.Result.Set(ctx, host)
}

type placeGroupFunction struct{}

// NewPlaceGroup is provider::kvm2::place_group.
func NewPlaceGroup() function.Function { return placeGroupFunction{} }

func (placeGroupFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "place_group"
}

func (placeGroupFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "The hosts of the replicas of a group, spread across zones first",
		MarkdownDescription: "Returns a map from each name of a group of replicas to its host, spreading the group " +
			"across zones first: the names, in the order given, each take the zone of highest rendezvous score " +
			"among the zones holding the fewest names of the group so far, then the host of highest weighted score " +
			"within that zone (as `place` does over the zone's hosts). Replicas land in distinct zones while there " +
			"are at least as many zones as replicas, and beyond that each zone holds as many as another, give or " +
			"take one. Every zone takes an equal share of the group, whatever its hosts and weights; weights share " +
			"a zone's part among its hosts. Zones: " + placement.ZoneRule + ". Appending a name moves no other; adding or " +
			"removing a host of a zone that stays moves only names of that zone, none whose host stays.",
		Parameters: []function.Parameter{
			function.ListParameter{
				Name:        "names",
				ElementType: types.StringType,
				MarkdownDescription: "The names of the group's replicas, each " + placement.NameRule + " given once. Their " +
					"order matters: append new replicas at the end (for example `[for i in range(n) : \"egress-${i}\"]`).",
			},
			hostsParameter(),
		},
		Return: function.MapReturn{ElementType: types.StringType},
	}
}

func (placeGroupFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var names []types.String
	var raw types.Dynamic
	if resp.Error = req.Arguments.Get(ctx, &names, &raw); resp.Error != nil {
		return
	}
	plain := make([]string, len(names))
	for i, n := range names {
		if n.IsNull() {
			resp.Error = function.NewArgumentFuncError(argNames, fmt.Sprintf("name %d is null: give every replica a name", i))
			return
		}
		plain[i] = n.ValueString()
	}
	if err := placement.ValidateNames(plain); err != nil {
		resp.Error = function.NewArgumentFuncError(argNames, err.Error())
		return
	}
	hosts, ferr := hostsArgument(raw)
	if ferr != nil {
		resp.Error = ferr
		return
	}
	if err := placement.ValidateZones(hosts); err != nil {
		resp.Error = function.NewArgumentFuncError(argHosts, err.Error())
		return
	}
	placed, err := placement.PlaceGroup(plain, hosts)
	if err != nil {
		resp.Error = function.NewFuncError(err.Error())
		return
	}
	resp.Error = resp.Result.Set(ctx, placed)
}

// hostsArgument reads the hosts argument and checks it with the core's rule.
func hostsArgument(raw types.Dynamic) ([]placement.Host, *function.FuncError) {
	hosts, err := readHosts(raw)
	if err == nil {
		err = placement.ValidateHosts(hosts)
	}
	if err != nil {
		return nil, function.NewArgumentFuncError(argHosts, err.Error())
	}
	return hosts, nil
}

// readHosts reads the hosts argument's shapes: a list, set or tuple of host names, or a map or
// object from host name to { zone, weight }. Values are known: the parameter takes no unknown.
func readHosts(raw types.Dynamic) ([]placement.Host, error) {
	v := underlying(raw)
	switch x := v.(type) {
	case basetypes.ListValue:
		return hostNames(x.Elements())
	case basetypes.SetValue:
		return hostNames(x.Elements())
	case basetypes.TupleValue:
		return hostNames(x.Elements())
	case basetypes.MapValue:
		return hostObjects(x.Elements())
	case basetypes.ObjectValue:
		return hostObjects(x.Attributes())
	}
	return nil, fmt.Errorf("hosts must be a list or set of host names, or a map from host name to { zone, weight }, not %s", kind(v))
}

func hostNames(elems []attr.Value) ([]placement.Host, error) {
	hosts := make([]placement.Host, 0, len(elems))
	for i, e := range elems {
		s, ok := underlying(e).(basetypes.StringValue)
		if !ok || s.IsNull() {
			hint := ""
			switch underlying(e).(type) {
			case basetypes.ObjectValue, basetypes.MapValue:
				hint = ": give hosts with a zone or weight as a map from host name to { zone, weight }"
			}
			return nil, fmt.Errorf("host %d must be a host name (a string), not %s%s", i, kind(underlying(e)), hint)
		}
		hosts = append(hosts, placement.Host{Name: s.ValueString(), Weight: placement.DefaultWeight})
	}
	return hosts, nil
}

func hostObjects(elems map[string]attr.Value) ([]placement.Host, error) {
	keys := make([]string, 0, len(elems))
	for k := range elems {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first refusal is the same on every run
	hosts := make([]placement.Host, 0, len(elems))
	for _, name := range keys {
		var attrs map[string]attr.Value
		switch o := underlying(elems[name]).(type) {
		case basetypes.ObjectValue:
			if !o.IsNull() {
				attrs = o.Attributes()
			}
		case basetypes.MapValue:
			if !o.IsNull() {
				attrs = o.Elements()
			}
		default:
			return nil, fmt.Errorf("host %q must be an object with optional zone and weight, not %s", name, kind(underlying(elems[name])))
		}
		if attrs == nil {
			return nil, fmt.Errorf("host %q is null: give {} for a host of no zone and weight 1", name)
		}
		h := placement.Host{Name: name, Weight: placement.DefaultWeight}
		for _, a := range slices.Sorted(maps.Keys(attrs)) {
			v := underlying(attrs[a])
			if v.IsNull() {
				continue
			}
			switch a {
			case "zone":
				s, ok := v.(basetypes.StringValue)
				if !ok {
					return nil, fmt.Errorf("host %q: zone must be a string, not %s", name, kind(v))
				}
				h.Zone = s.ValueString()
			case "weight":
				n, ok := v.(basetypes.NumberValue)
				if !ok {
					return nil, fmt.Errorf("host %q: weight must be a number, not %s", name, kind(v))
				}
				f, _ := n.ValueBigFloat().Float64()
				if math.IsInf(f, 0) {
					return nil, fmt.Errorf("host %q has weight %s, which is not finite as a 64-bit float; a weight is %s",
						name, n.ValueBigFloat().Text('g', 10), placement.WeightRule)
				}
				h.Weight = f
			default:
				return nil, fmt.Errorf("host %q has an attribute %q: a host takes only zone and weight", name, a)
			}
		}
		hosts = append(hosts, h)
	}
	return hosts, nil
}

// underlying is v without a dynamic wrapper.
func underlying(v attr.Value) attr.Value {
	if d, ok := v.(basetypes.DynamicValue); ok && !d.IsNull() && !d.IsUnknown() {
		return d.UnderlyingValue()
	}
	return v
}

// kind names a value's type for errors: "a string", "a number", "null".
func kind(v attr.Value) string {
	if v == nil || v.IsNull() {
		return "null"
	}
	switch v.(type) {
	case basetypes.StringValue:
		return "a string"
	case basetypes.NumberValue:
		return "a number"
	case basetypes.BoolValue:
		return "a bool"
	case basetypes.ListValue, basetypes.TupleValue:
		return "a list"
	case basetypes.SetValue:
		return "a set"
	case basetypes.MapValue, basetypes.ObjectValue:
		return "a map or object"
	}
	return fmt.Sprintf("a %s", v.Type(context.Background()))
}
