// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package identityschema contains all available schema functionality for managed
// resource identity.
//
// Resource identity schemas define the structure and value types for identity state data.
// Schemas are implemented via the resource.ResourceWithIdentity type IdentitySchema method.
package identityschema
