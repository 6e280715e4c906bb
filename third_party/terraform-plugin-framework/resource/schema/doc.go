// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package schema contains all available schema functionality for resources.
// Resource schemas define the structure and value types for configuration,
// plan, and state data. Schemas are implemented via the resource.Resource type
// Schema method.
package schema
