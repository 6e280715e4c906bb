// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package tfsdk contains core framework functionality for schema data.
package tfsdk
