// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package schema contains all available schema functionality for ephemeral resources.
// Ephemeral resource schemas define the structure and value types for configuration
// and result data. Schemas are implemented via the ephemeral.EphemeralResource type
// Schema method.
package schema
