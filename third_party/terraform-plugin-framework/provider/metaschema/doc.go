// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package metaschema contains all available meta schema functionality for
// providers. Provider meta schemas define the structure and value types for
// provider_meta configuration data. Meta schemas are implemented via the
// provider.ProviderWithMetaSchema type MetaSchema method.
package metaschema
