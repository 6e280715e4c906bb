// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package fwxschema implements extra framework-based schema
// functionality on top of base Terraform attribute functionality.
//
// This package is separated from fwschema to prevent import cycles
// with existing tfsdk functionality.
package fwxschema
