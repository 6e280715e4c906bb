// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package testschema contains declarative schema types for unit testing.
package testschema
