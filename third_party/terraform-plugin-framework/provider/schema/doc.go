// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package schema contains all available schema functionality for data sources.
// Data source schemas define the structure and value types for configuration
// and state data. Schemas are implemented via the datasource.DataSource type
// Schema method.
package schema
