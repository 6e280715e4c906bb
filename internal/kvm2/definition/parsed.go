package definition

// ParsedDomain is what ParseDomain and DiskChains give for one domain definition.
type ParsedDomain struct {
	Facts     DomainFacts
	FactsErr  error
	Chains    []DiskChain
	ChainsErr error
}

// ParseDomainAndChains is ParseDomain and DiskChains of domXML from one parse: each field holds
// exactly what the two functions return. The in-use read needs both for every domain of a host,
// and the parse is most of their cost.
func ParseDomainAndChains(domXML string) ParsedDomain {
	dom, err := unmarshalDomain(domXML)
	if err != nil {
		return ParsedDomain{FactsErr: err, ChainsErr: err}
	}
	facts, ferr := factsOf(dom)
	return ParsedDomain{Facts: facts, FactsErr: ferr, Chains: chainsOf(dom)}
}
