// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package schema contains all available schema functionality for state stores.
// State store schemas define the structure and value types for configuration data.
// Schemas are implemented via the statestore.StateStore type Schema method.
//
// NOTE: State store support is experimental and exposed without compatibility promises until
// these notices are removed.
package schema
